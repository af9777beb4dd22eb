import { STYLE_TEXTS } from '../../../shared/schemas/subtitle-styles';
// Not the shared/subtitles index, which loads budoux's phrase models (see uploads/accept-upload.ts).
import { parseSrt } from '../../../shared/subtitles/srt-parse';
import {
  CUSTOM_STYLE,
  type CustomStyle,
  customSubtitleStyle,
  resolveStyle,
  type StyleChoice,
  SUBTITLE_STYLES,
  type SubtitleStyleId,
} from '../../../shared/subtitles/subtitle-style';
import { seesCompany } from '../../access/checks';
import { JOB_NICENESS } from '../../cpu-share';
import type { Db } from '../../db/database';
import { Conflict, InvalidInput, NotFound, TooManyRequests } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import { BoundedRuns } from '../../media/bounded-runs';
import { prepareSubtitleFonts } from '../../media/fonts';
import { runTimeLimitMs } from '../../media/run-ffmpeg';
import { renderStylePreview } from '../../media/style-preview';
import type { Services } from '../../services';
import { recordAudit } from '../audit/service';
import { reviseSubtitles } from '../videos/revisions';
import * as videos from '../videos/service';
import { lookFor, sameLook, type VideoLook } from '../videos/video-look';
import * as repo from './repo';

/** The caller's company, or for a platform admin any company they name. */
function targetCompany(user: SessionUser, companyId: number | undefined): number {
  const target = companyId ?? user.companyId;
  if (!target || !seesCompany(user, target)) throw new NotFound('Company');
  return target;
}

/** The style a company's uploads get unless they choose another, and its own style if it has one. */
export async function companyDefaultStyle(db: Db, user: SessionUser, companyId?: number) {
  const row = await repo.companyStyle(db, targetCompany(user, companyId));
  if (!row) throw new NotFound('Company');
  return { style: row.subtitle_style, custom: row.custom_style };
}

function styleName(style: StyleChoice, custom: CustomStyle | null): string {
  return resolveStyle(style, custom).name;
}

/**
 * A company's admins and its users set its default (issue 22: "a company keeps a default style that
 * admins and its users can set"), as do platform admins; nobody else reaches it (targetCompany).
 */
export async function setCompanyDefaultStyle(
  db: Db,
  user: SessionUser,
  input: { companyId?: number; style: StyleChoice },
) {
  const companyId = targetCompany(user, input.companyId);
  const company = await repo.companyStyle(db, companyId);
  if (!company) throw new NotFound('Company');
  if (input.style === CUSTOM_STYLE && !company.custom_style)
    throw new InvalidInput(STYLE_TEXTS.noCustomStyle, 'style');
  await repo.setCompanyStyle(db, companyId, input.style);
  await recordAudit(
    db,
    user,
    `${user.username} set the default subtitle style of company ${companyId} to ${styleName(input.style, company.custom_style)}`,
  );
  return { style: input.style, custom: company.custom_style };
}

/** Saves the company's own style (settings over a preset) and makes it the default, by the same rule. */
export async function setCompanyCustomStyle(
  db: Db,
  user: SessionUser,
  input: { companyId?: number; settings: CustomStyle },
): Promise<{ style: StyleChoice; custom: CustomStyle }> {
  const companyId = targetCompany(user, input.companyId);
  const updated = await repo.setCompanyCustomStyle(db, companyId, input.settings);
  if (!updated.numUpdatedRows) throw new NotFound('Company');
  await recordAudit(
    db,
    user,
    `${user.username} saved the own subtitle style of company ${companyId} (based on ${SUBTITLE_STYLES[input.settings.basedOn].name}) as its default`,
  );
  return { style: CUSTOM_STYLE, custom: input.settings };
}

/** The look a choice gives a video of the caller's company (its own style copied). */
async function chosenLook(db: Db, companyId: number, choice: StyleChoice): Promise<VideoLook> {
  const company = await repo.companyStyle(db, companyId);
  if (!company) throw new NotFound('Company');
  return lookFor(company, choice);
}

/** The editor's "save and burn in" with a style: the look, checked before the revision counts. */
export async function lookForRevision(db: Db, user: SessionUser, choice: StyleChoice | undefined) {
  if (!choice || !user.companyId) return undefined;
  return chosenLook(db, user.companyId, choice);
}

/**
 * Burns a finished video again with another style and the same subtitles: a revision like any other
 * (videos/revisions.ts), so it uses one of the two free ones and is refused after them.
 */
export async function restyleVideo(
  services: Services,
  user: SessionUser,
  input: { id: number; style: StyleChoice },
) {
  return reviseSubtitles(services, user, input.id, async (trx, video) => {
    const look = await chosenLook(trx, user.companyId ?? 0, input.style);
    if (sameLook(look, { style: video.subtitle_style, custom: video.custom_style }))
      throw new InvalidInput(STYLE_TEXTS.sameStyle, 'style');
    const latest = await videos.latestSubtitle(trx, input.id);
    if (!latest) throw new Conflict('This video has no subtitles to burn in yet.');
    return { name: latest.name, cues: parseSrt(latest.srt), look };
  });
}

const PREVIEWS_KEPT = 64;
const previews = new Map<string, Promise<Buffer>>();
/**
 * Previews drawn at once by this process, and waiting their turn: a batch of sizes asked in one go
 * draws two at a time, and past the line the rest is refused until it moves, so previews can never
 * start dozens of ffmpeg runs that slow every page down.
 */
export const PREVIEWS_AT_ONCE = 2;
export const PREVIEWS_WAITING = 8;
const previewRuns = new BoundedRuns(PREVIEWS_AT_ONCE, PREVIEWS_WAITING);

/**
 * A style drawn by the burn-in's renderer, as a PNG. The pictures of the last few styles asked for
 * are kept: the company screen asks again for each preset and after every change of a setting.
 */
export async function stylePreview(
  services: Services,
  input: { style: SubtitleStyleId } | { settings: CustomStyle },
): Promise<{ png: string }> {
  const style = 'style' in input ? SUBTITLE_STYLES[input.style] : customSubtitleStyle(input.settings);
  const key = JSON.stringify(style);
  let picture = previews.get(key);
  if (!picture) {
    const queued = previewRuns.run(async () =>
      renderStylePreview({
        ffmpeg: services.media.ffmpeg,
        fonts: await prepareSubtitleFonts(services.config.dataDir),
        style,
        tmpDir: services.tmpDir,
        niceness: JOB_NICENESS,
        timeLimitMs: runTimeLimitMs(services.media.timeLimit, 0),
      }),
    );
    if (!queued) throw new TooManyRequests(STYLE_TEXTS.previewsBusy, 2);
    picture = queued;
    previews.set(key, picture);
    picture.catch(() => previews.delete(key));
    if (previews.size > PREVIEWS_KEPT) previews.delete(previews.keys().next().value ?? key);
  }
  return { png: (await picture).toString('base64') };
}
