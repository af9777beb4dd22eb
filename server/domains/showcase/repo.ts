import type { Db } from '../../db/database';
import type { ShowcasePlacementColumn } from '../../db/schema';

const CANDIDATES_SHOWN = 50;

export function listPublished(db: Db) {
  return db
    .selectFrom('showcase_videos')
    .select(['id', 'placement', 'title', 'description', 'in_lan', 'out_lan', 'rso'])
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function findFiles(db: Db, showcaseId: number) {
  return db
    .selectFrom('showcase_videos')
    .select(['id', 'title', 'placement', 'original_key', 'subtitled_key'])
    .where('id', '=', showcaseId)
    .executeTakeFirst();
}

/** The newest finished videos of every company, for an admin choosing one to publish. */
export function listCandidates(db: Db) {
  return db
    .selectFrom('videos')
    .innerJoin('companies', 'companies.id', 'videos.company_id')
    .select([
      'videos.id',
      'videos.company_id as companyId',
      'companies.name as companyName',
      'videos.filename',
      'videos.title',
      'videos.mode',
      'videos.in_lan as inLan',
      'videos.out_lan as outLan',
      'videos.created_at as createdAt',
    ])
    .where('videos.hardcoded_status', '=', 'completed')
    .where('videos.hardcoded_key', 'is not', null)
    .where('videos.deleted_at', 'is', null)
    .orderBy('videos.created_at', 'desc')
    .orderBy('videos.id', 'desc')
    .limit(CANDIDATES_SHOWN)
    .execute();
}

export function findPublishable(db: Db, videoId: number) {
  return db
    .selectFrom('videos')
    .select(['id', 'company_id', 'filename', 'in_lan', 'out_lan', 'rso', 'source_key', 'hardcoded_key'])
    .where('id', '=', videoId)
    .where('hardcoded_status', '=', 'completed')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function insertShowcase(
  db: Db,
  row: {
    placement: ShowcasePlacementColumn;
    title: string;
    description: string;
    video_id: number;
    in_lan: string | null;
    out_lan: string | null;
    rso: string | null;
    original_key: string;
    subtitled_key: string;
    published_by: number;
  },
) {
  return db.insertInto('showcase_videos').values(row).returning('id').executeTakeFirstOrThrow();
}

export function deleteShowcase(db: Db, showcaseId: number) {
  return db
    .deleteFrom('showcase_videos')
    .where('id', '=', showcaseId)
    .returning(['title', 'placement', 'original_key', 'subtitled_key'])
    .executeTakeFirst();
}
