import type { ContentEntry, ContentUpdate } from '../../../shared/schemas/content';
import type { Db } from '../../db/database';
import { NotFound } from '../../errors';
import * as repo from './repo';
import { sanitizePageHtml } from './sanitize';

async function served(entry: ContentEntry): Promise<ContentEntry> {
  return { ...entry, html: await sanitizePageHtml(entry.html) };
}

export async function listContents(db: Db): Promise<ContentEntry[]> {
  return Promise.all((await repo.listForAdminOverview(db)).map(served));
}

export async function getContent(db: Db, id: number): Promise<ContentEntry> {
  const entry = await repo.findById(db, id);
  if (!entry) throw new NotFound('Content');
  return served(entry);
}

export async function getPage(db: Db, page: string): Promise<ContentEntry> {
  const entry = await repo.findByPage(db, page);
  if (!entry) throw new NotFound('Page');
  return served(entry);
}

/** Pages still holding their first-start template, for the admins' prompt to review them. */
export function pagesToReview(db: Db) {
  return repo.listNeedingReview(db);
}

export async function updateContent(db: Db, id: number, update: ContentUpdate): Promise<ContentEntry> {
  const saved = await repo.updateTitleAndHtml(db, id, {
    title: update.title,
    html: await sanitizePageHtml(update.html),
  });
  if (!saved) throw new NotFound('Content');
  return saved;
}
