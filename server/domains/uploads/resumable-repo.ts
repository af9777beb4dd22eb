import { companyRows } from '../../access/repo';
import type { Db } from '../../db/database';

export async function insertPendingSrt(
  db: Db,
  row: { companyId: number; name: string; srt: string; readingNotes: readonly string[] },
) {
  const inserted = await db
    .insertInto('pending_upload_subtitles')
    .values({
      company_id: row.companyId,
      name: row.name,
      srt: row.srt,
      reading_notes: JSON.stringify(row.readingNotes),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** The company's own pending SRT; another company's id finds nothing. */
export async function findPendingSrt(db: Db, companyId: number, id: string) {
  const row = await companyRows(db, companyId)
    .selectFrom('pending_upload_subtitles')
    .select(['name', 'srt', 'reading_notes'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const notes = Array.isArray(row.reading_notes) ? row.reading_notes.map(String) : [];
  return { name: row.name, srt: row.srt, readingNotes: notes };
}

export async function deletePendingSrt(db: Db, id: string) {
  await db.deleteFrom('pending_upload_subtitles').where('id', '=', id).execute();
}

export async function recordFinishedUpload(
  db: Db,
  row: { uploadId: string; companyId: number; videoId: number; bytes: number },
) {
  await db
    .insertInto('finished_resumable_uploads')
    .values({ upload_id: row.uploadId, company_id: row.companyId, video_id: row.videoId, bytes: row.bytes })
    .execute();
}

export function findFinishedUpload(db: Db, companyId: number, uploadId: string) {
  return companyRows(db, companyId)
    .selectFrom('finished_resumable_uploads')
    .select(['video_id', 'bytes'])
    .where('upload_id', '=', uploadId)
    .executeTakeFirst();
}

/** Rows older than `hours`: the SRTs of uploads that never finished, and the records of finished ones. */
export async function deleteOldResumableRows(db: Db, hours: number): Promise<number> {
  const before = new Date(Date.now() - hours * 3_600_000);
  const srts = await db
    .deleteFrom('pending_upload_subtitles')
    .where('created_at', '<', before)
    .executeTakeFirst();
  const finished = await db
    .deleteFrom('finished_resumable_uploads')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(srts.numDeletedRows) + Number(finished.numDeletedRows);
}
