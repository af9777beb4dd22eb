import type { SubtitleStyleId } from '../../../shared/subtitles/subtitle-style';
import type { Db } from '../../db/database';

export function companyStyle(db: Db, companyId: number) {
  return db.selectFrom('companies').select('subtitle_style').where('id', '=', companyId).executeTakeFirst();
}

export function setCompanyStyle(db: Db, companyId: number, style: SubtitleStyleId) {
  return db
    .updateTable('companies')
    .set({ subtitle_style: style, updated_at: new Date() })
    .where('id', '=', companyId)
    .executeTakeFirst();
}
