import { STYLE_TEXTS } from '../../../shared/schemas/subtitle-styles';
// Not the shared/subtitles index, which loads budoux's phrase models (see videos/accept-upload.ts).
import { parseSrt } from '../../../shared/subtitles/srt-parse';
import { SUBTITLE_STYLES, type SubtitleStyleId } from '../../../shared/subtitles/subtitle-style';
import type { Db } from '../../db/database';
import { Conflict, InvalidInput, NotFound } from '../../errors';
import type { Services } from '../../services';
import { recordAudit } from '../audit/service';
import type { SessionUser } from '../auth/sessions';
import * as videoRepo from '../videos/repo';
import { reviseSubtitles } from '../videos/revisions';
import * as repo from './repo';

/** The caller's company, or for a platform admin any company they name. */
function targetCompany(user: SessionUser, companyId: number | undefined): number {
  const target = companyId ?? user.companyId;
  if (!target || (user.role !== 'Admin' && target !== user.companyId)) throw new NotFound('Company');
  return target;
}

/** The style a company's uploads get unless they choose another. */
export async function companyDefaultStyle(db: Db, user: SessionUser, companyId?: number) {
  const row = await repo.companyStyle(db, targetCompany(user, companyId));
  if (!row) throw new NotFound('Company');
  return { style: row.subtitle_style };
}

/**
 * A company's admins and its users set its default (issue 22: "a company keeps a default style that
 * admins and its users can set"), as do platform admins; nobody else reaches it (targetCompany).
 */
export async function setCompanyDefaultStyle(
  db: Db,
  user: SessionUser,
  input: { companyId?: number; style: SubtitleStyleId },
) {
  const companyId = targetCompany(user, input.companyId);
  const updated = await repo.setCompanyStyle(db, companyId, input.style);
  if (!updated.numUpdatedRows) throw new NotFound('Company');
  await recordAudit(
    db,
    user,
    `${user.username} set the default subtitle style of company ${companyId} to ${SUBTITLE_STYLES[input.style].name}`,
  );
  return { style: input.style };
}

/**
 * Burns a finished video again with another style and the same subtitles: a revision like any other
 * (videos/revisions.ts), so it uses one of the two free ones and is refused after them.
 */
export async function restyleVideo(
  services: Services,
  user: SessionUser,
  input: { id: number; style: SubtitleStyleId },
) {
  return reviseSubtitles(services, user, input.id, async (trx, video) => {
    if (video.subtitle_style === input.style) throw new InvalidInput(STYLE_TEXTS.sameStyle, 'style');
    const latest = await videoRepo.latestSubtitle(trx, input.id);
    if (!latest) throw new Conflict('This video has no subtitles to burn in yet.');
    return { name: latest.name, cues: parseSrt(latest.srt), style: input.style };
  });
}
