import { ERRORS } from '@tus/utils';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/support/database';
import { RESUMABLE_UPLOAD_LOCK_NAMESPACE } from '../../db/locks';
import { PostgresUploadLocker, uploadLockKey } from './upload-locker';

const database = await freshDatabase();
/** Two lockers with pools of their own: what two app processes sharing the database have. */
const opened: PostgresUploadLocker[] = [];
const lockerOf = (acquireTimeoutMs = 5_000) => {
  const locker = new PostgresUploadLocker({
    connectionString: database.url,
    connections: 4,
    acquireTimeoutMs,
    retryMs: 20,
  });
  opened.push(locker);
  return locker;
};
const first = lockerOf();
const second = lockerOf();
afterAll(() => Promise.all(opened.map((locker) => locker.close())));

const never = new AbortController().signal;
const nothing = () => {};

/** Advisory locks held in the database right now, in the uploads' namespace. */
async function heldUploadLocks(): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from pg_locks
    where locktype = 'advisory' and granted and classid = ${RESUMABLE_UPLOAD_LOCK_NAMESPACE}
      and database = (select oid from pg_database where datname = current_database())`.execute(database.db);
  return Number(rows[0]?.n);
}

/**
 * A holder's release callback, and a promise kept when another request asks it to let go: the
 * waiter's own signal that it is waiting for this lock (it asks on every try).
 */
function askedToLetGo() {
  let heard = () => {};
  const asked = new Promise<void>((resolve) => {
    heard = resolve;
  });
  return { asked, onRequest: () => heard() };
}

/** Connections a locker has handed out and not had back. */
const checkedOut = (locker: PostgresUploadLocker) => locker.pool.totalCount - locker.pool.idleCount;

describe('the upload locker over PostgreSQL advisory locks', () => {
  it('keys an upload by a stable hash of its id, inside the uploads namespace', async () => {
    expect(uploadLockKey('c1-aa')).toBe(uploadLockKey('c1-aa'));
    expect(uploadLockKey('c1-aa')).not.toBe(uploadLockKey('c1-ab'));
    const lock = first.newLock('c1-keyed');
    await lock.lock(never, nothing);
    const { rows } = await sql<{ classid: number; objid: number }>`
      select classid::text::bigint as classid, objid::text::bigint as objid from pg_locks
      where locktype = 'advisory' and granted
        and database = (select oid from pg_database where datname = current_database())`.execute(database.db);
    // pg_locks shows the key's 32 bits unsigned.
    expect(rows).toEqual([
      { classid: String(RESUMABLE_UPLOAD_LOCK_NAMESPACE), objid: String(uploadLockKey('c1-keyed') >>> 0) },
    ]);
    await lock.unlock();
    expect(await heldUploadLocks()).toBe(0);
  });

  it("takes one upload's lock in one process at a time: the other waits until it is let go", async () => {
    const order: string[] = [];
    const held = first.newLock('c1-serial');
    const release = askedToLetGo();
    await held.lock(never, release.onRequest);
    const next = second.newLock('c1-serial');
    const waiting = next.lock(never, nothing).then(() => order.push('second process locked'));
    await release.asked;
    order.push('first process unlocks');
    await held.unlock();
    await waiting;
    expect(order).toEqual(['first process unlocks', 'second process locked']);
    expect(await heldUploadLocks()).toBe(1);
    await next.unlock();
  });

  it('lets requests for different uploads run side by side', async () => {
    const one = first.newLock('c1-one');
    const other = second.newLock('c1-other');
    await one.lock(never, nothing);
    await other.lock(never, nothing);
    expect(await heldUploadLocks()).toBeGreaterThanOrEqual(2);
    await Promise.all([one.unlock(), other.unlock()]);
  });

  it('asks the holder in the other process to let go, and takes the lock once it does', async () => {
    let asked = 0;
    const holder = first.newLock('c1-stuck');
    await holder.lock(never, () => {
      asked += 1;
      if (asked === 1) void holder.unlock();
    });
    const started = Date.now();
    const waiter = second.newLock('c1-stuck');
    await waiter.lock(never, nothing);
    expect(asked).toBe(1);
    expect(Date.now() - started).toBeLessThan(2_000);
    await waiter.unlock();
  });

  it('gives up with the tus lock timeout when the holder never lets go', async () => {
    const impatient = lockerOf(400);
    const holder = first.newLock('c1-never');
    await holder.lock(never, nothing);
    const started = Date.now();
    await expect(impatient.newLock('c1-never').lock(never, nothing)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    await holder.unlock();
    expect(checkedOut(impatient)).toBe(0);
  });

  it('stops waiting when its request is aborted', async () => {
    const holder = first.newLock('c1-aborted');
    const release = askedToLetGo();
    await holder.lock(never, release.onRequest);
    const request = new AbortController();
    const waiting = second.newLock('c1-aborted').lock(request.signal, nothing);
    await release.asked;
    const aborted = Date.now();
    request.abort();
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(Date.now() - aborted).toBeLessThan(1_000);
    await holder.unlock();
  });

  it('tells the holder to stop when its session is lost, and the lock is free again', async () => {
    let asked = 0;
    const holder = first.newLock('c1-lost');
    await holder.lock(never, () => {
      asked += 1;
    });
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'resumable-upload-locks' and query like 'LISTEN%'
        and datname = current_database()`.execute(database.db);
    await expect.poll(() => asked, { timeout: 5_000 }).toBeGreaterThan(0);
    const next = second.newLock('c1-lost');
    await next.lock(never, nothing);
    await next.unlock();
    await holder.unlock();
  });

  it('hands every connection back and holds no lock once the requests are over', async () => {
    // Each pool with one connection open, as it keeps between requests.
    for (const locker of opened) {
      const warm = locker.newLock('c1-warm');
      await warm.lock(never, nothing);
      await warm.unlock();
    }
    const pools = opened.map((locker) => locker.pool);
    const start = pools.map((pool) => pool.totalCount);
    expect(start.every((count) => count === 1)).toBe(true);
    // Every way a request ends: timed out, aborted while waiting, done, let go when asked.
    const holder = first.newLock('c1-ends');
    let release = askedToLetGo();
    await holder.lock(never, () => release.onRequest());
    await expect(lockerOf(300).newLock('c1-ends').lock(never, nothing)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    release = askedToLetGo();
    const request = new AbortController();
    const aborted = second.newLock('c1-ends').lock(request.signal, nothing);
    await release.asked;
    request.abort();
    await expect(aborted).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await holder.unlock();
    const asked = first.newLock('c1-asked');
    await asked.lock(never, async () => {
      await asked.unlock();
    });
    const next = second.newLock('c1-asked');
    await next.lock(never, nothing);
    await next.unlock();

    expect(await heldUploadLocks()).toBe(0);
    for (const locker of opened) {
      expect(checkedOut(locker)).toBe(0);
      expect(locker.pool.waitingCount).toBe(0);
    }
    expect(start.map((count, index) => pools[index]?.totalCount ?? count)).toEqual(start);
    await expect(first.newLock('c1-ends').unlock()).rejects.toThrow(/not held/);
  });
});
