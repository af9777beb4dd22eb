import { OUTPUT_LANGUAGES, type OutputLanguage } from '../../../shared/languages';
import { EDITOR_TEXTS } from '../../../shared/schemas/editor';
import type { Db } from '../../db/database';
import { Conflict, NotFound } from '../../errors';
import { subtitleLanguage } from '../videos/script-language';
import * as videos from '../videos/service';
import * as repo from './repo';

/**
 * The subtitles the editor works on (issue 40): '' for the video's own (stored so in
 * subtitle_versions.language and subtitle_drafts.language), else the code of a language added to it.
 */
export type EditedLanguage = '' | OutputLanguage;

/**
 * The subtitles a request names, of a video the caller's company owns: none, or the own subtitles'
 * language, are the video's own; another language must have been added to the video and translated.
 * A language still being translated is refused in words; one the video does not have is not found.
 */
export async function editedLanguage(
  db: Db,
  companyId: number,
  video: { id: number; out_lan: OutputLanguage | null },
  language: OutputLanguage | undefined,
): Promise<EditedLanguage> {
  if (!language || language === video.out_lan) return '';
  const added = await repo.addedLanguageOf(db, companyId, video.id, language);
  if (added?.status === 'ready') return language;
  if (added?.status === 'translating') throw new Conflict(EDITOR_TEXTS.languageNotReady);
  // A user's own SRT names no language: its script stands for it.
  if (!added && video.out_lan === null) {
    const own = await videos.latestSubtitle(db, video.id);
    if (own && subtitleLanguage(null, own.srt) === language) return '';
  }
  throw new NotFound(`${OUTPUT_LANGUAGES[language]} subtitles of this video`);
}
