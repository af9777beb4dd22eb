import type pg from 'pg';
import { RESUMABLE_UPLOAD_LOCK_NAMESPACE } from '../../db/locks';

/**
 * The SQL of the resumable uploads' locks (upload-locker.ts), each on the connection that holds the
 * lock: session advisory locks keyed by an upload's hashed id, and the channel on which a waiting
 * request asks the holder, in whichever process, to let go.
 */
const RELEASE_CHANNEL = 'tus_upload_release';

export async function tryLockUpload(client: pg.ClientBase, key: number): Promise<boolean> {
  const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [
    RESUMABLE_UPLOAD_LOCK_NAMESPACE,
    key,
  ]);
  return rows[0]?.locked === true;
}

export async function unlockUpload(client: pg.ClientBase, key: number): Promise<void> {
  await client.query('select pg_advisory_unlock($1, $2)', [RESUMABLE_UPLOAD_LOCK_NAMESPACE, key]);
}

export async function askHolderToRelease(client: pg.ClientBase, uploadId: string): Promise<void> {
  await client.query('select pg_notify($1, $2)', [RELEASE_CHANNEL, uploadId]);
}

export async function listenForReleaseRequests(client: pg.ClientBase): Promise<void> {
  await client.query(`LISTEN ${RELEASE_CHANNEL}`);
}

export async function stopListeningForReleaseRequests(client: pg.ClientBase): Promise<void> {
  await client.query(`UNLISTEN ${RELEASE_CHANNEL}`);
}

/** Whether a notification is a request to release this upload's lock. */
export function isReleaseRequest(message: pg.Notification, uploadId: string): boolean {
  return message.channel === RELEASE_CHANNEL && message.payload === uploadId;
}
