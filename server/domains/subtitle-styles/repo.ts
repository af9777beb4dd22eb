import type { CustomStyle, StyleChoice } from '../../../shared/subtitles/subtitle-style';
import type { Db } from '../../db/database';

/** The company's default style and its own settings; read without a lock (server/db/locks.ts). */
export function companyStyle(db: Db, companyId: number) {
  return db
    .selectFrom('companies')
    .select(['subtitle_style', 'custom_style'])
    .where('id', '=', companyId)
    .executeTakeFirst();
}

export function setCompanyStyle(db: Db, companyId: number, style: StyleChoice) {
  return db
    .updateTable('companies')
    .set({ subtitle_style: style, updated_at: new Date() })
    .where('id', '=', companyId)
    .executeTakeFirst();
}

/** Saves the company's own style and makes it the default of its uploads. */
export function setCompanyCustomStyle(db: Db, companyId: number, custom: CustomStyle) {
  return db
    .updateTable('companies')
    .set({ subtitle_style: 'custom', custom_style: custom, updated_at: new Date() })
    .where('id', '=', companyId)
    .executeTakeFirst();
}
