import { createHash } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import pg from 'pg';
import * as locks from './upload-locks-repo';

const RETRY_MS = 100;
const ACQUIRE_TIMEOUT_MS = 30_000;

/** The upload's half of its advisory lock key: a stable 32-bit hash of its id. */
export function uploadLockKey(uploadId: string): number {
  return createHash('sha256').update(uploadId).digest().readInt32BE(0);
}

export interface UploadLockerOptions {
  connectionString: string;
  /** Locks held at once, each on a connection of its own (RESUMABLE_UPLOAD_LOCK_CONNECTIONS). */
  connections: number;
  acquireTimeoutMs?: number;
  retryMs?: number;
}

/**
 * @tus/server's Locker over PostgreSQL session advisory locks, so requests for one upload are taken
 * one at a time across every app process sharing the database (its default MemoryLocker serialises
 * one process only). A held lock keeps its own connection, from a pool apart from the app's: a PATCH
 * holds it for as long as its body streams (minutes for a large file), which must not starve queries.
 */
export class PostgresUploadLocker implements Locker {
  readonly pool: pg.Pool;
  readonly acquireTimeoutMs: number;
  readonly retryMs: number;

  constructor(options: UploadLockerOptions) {
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? ACQUIRE_TIMEOUT_MS;
    this.retryMs = options.retryMs ?? RETRY_MS;
    this.pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.connections,
      connectionTimeoutMillis: this.acquireTimeoutMs,
      application_name: 'resumable-upload-locks',
    });
    // An idle connection lost (PostgreSQL restarting) must not crash the process; it held no lock.
    this.pool.on('error', () => {});
  }

  newLock(id: string): Lock {
    return new PostgresUploadLock(id, this);
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

interface Held {
  client: pg.PoolClient;
  lost: boolean;
  onNotification: (message: pg.Notification) => void;
  onError: () => void;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

class PostgresUploadLock implements Lock {
  private held: Held | null = null;
  private readonly key: number;

  constructor(
    private readonly id: string,
    private readonly locker: PostgresUploadLocker,
  ) {
    this.key = uploadLockKey(id);
  }

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    if (this.held) throw new Error(`The lock of upload ${this.id} is already held`);
    const deadline = Date.now() + this.locker.acquireTimeoutMs;
    let client: pg.PoolClient;
    try {
      client = await this.locker.pool.connect();
    } catch {
      throw ERRORS.ERR_LOCK_TIMEOUT;
    }
    const held: Held = {
      client,
      lost: false,
      onNotification: (message) => {
        if (locks.isReleaseRequest(message, this.id)) void requestRelease();
      },
      // The session, and with it the lock, is gone: the request must stop writing.
      onError: () => {
        held.lost = true;
        void requestRelease();
      },
    };
    client.on('error', held.onError);
    try {
      for (;;) {
        if (stopSignal.aborted || held.lost) throw ERRORS.ERR_LOCK_TIMEOUT;
        if (await locks.tryLockUpload(client, this.key)) break;
        // The holder may be a request whose client is gone (a half-open connection): ask it to end.
        await locks.askHolderToRelease(client, this.id);
        if (Date.now() + this.locker.retryMs > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
        await pause(this.locker.retryMs, stopSignal);
      }
      client.on('notification', held.onNotification);
      await locks.listenForReleaseRequests(client);
    } catch (error) {
      // Given up before taking the lock, the connection is as it came; else ending its session frees what it took.
      this.giveBack(held, error !== ERRORS.ERR_LOCK_TIMEOUT);
      throw error;
    }
    this.held = held;
  }

  async unlock(): Promise<void> {
    const held = this.held;
    if (!held) throw new Error(`Releasing the lock of upload ${this.id}, which is not held`);
    this.held = null;
    if (held.lost) return this.giveBack(held, true);
    try {
      await locks.stopListeningForReleaseRequests(held.client);
      await locks.unlockUpload(held.client, this.key);
      this.giveBack(held, false);
    } catch {
      this.giveBack(held, true);
    }
  }

  private giveBack(held: Held, endSession: boolean) {
    held.client.off('notification', held.onNotification);
    held.client.off('error', held.onError);
    // A session being ended may still report its end as an error, with nobody left to hear it.
    if (endSession || held.lost) held.client.on('error', () => {});
    held.client.release(endSession || held.lost);
  }
}
