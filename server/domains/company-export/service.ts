import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { csvLine, userText } from '../../../shared/csv';
import { subtitleExportName } from '../../../shared/file-names';
import { formatWebVttTime } from '../../../shared/subtitles/webvtt';
import type { Db } from '../../db/database';
import { NotFound } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import type { Logger } from '../../logger';
import * as repo from './repo';

/** Rows read per query: the export holds one page of SRTs or ledger lines in memory, never all. */
const PAGE = 200;
const SRT_PAGE = 20;

const euros = (cents: string | number) => (Number(cents) / 100).toFixed(2);
const iso = (date: Date) => date.toISOString();

/**
 * The company's whole data as one ZIP: its videos (an index and every SRT version), its ledger and
 * the comments on its cues.
 * The ZIP library loads on the first export, not with the server.
 */
export async function exportCompanyZip(
  db: Db,
  user: SessionUser,
  logger: Logger,
): Promise<{ stream: Readable; fileName: string }> {
  if (!user.companyId) throw new NotFound('Company');
  const { Zip, ZipDeflate } = await import('fflate');
  const companyId = user.companyId;
  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error);
      return;
    }
    if (out.destroyed) return;
    out.write(chunk);
    if (final) out.end();
  });

  /** Adds one file, written in parts; waits while the client reads slower than the ZIP is made. */
  async function file(name: string, parts: AsyncIterable<string>) {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    const encoder = new TextEncoder();
    for await (const part of parts) {
      entry.push(encoder.encode(part));
      // A client gone away closes the stream and never drains it: stop then too.
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      if (out.destroyed) throw new Error('the download was abandoned');
    }
    entry.push(new Uint8Array(0), true);
  }

  async function* videosCsv() {
    yield csvLine([
      'id',
      'uploaded',
      'file',
      'title',
      'mode',
      'input',
      'output',
      'srt_status',
      'video_status',
      'seconds',
      'price_eur',
    ]);
    for (let after = 0; ; ) {
      const rows = await repo.videosAfter(db, companyId, after, PAGE);
      if (rows.length === 0) return;
      yield rows
        .map((video) =>
          csvLine([
            video.id,
            iso(video.createdAt),
            userText(video.filename),
            userText(video.title),
            video.mode,
            video.inLan,
            video.outLan,
            video.srtStatus,
            video.hardcodedStatus,
            video.durationSeconds,
            euros(video.priceCents),
          ]),
        )
        .join('');
      after = rows[rows.length - 1]?.id ?? after;
    }
  }

  async function* ledgerCsv() {
    yield csvLine(['id', 'date', 'kind', 'amount_eur', 'balance_after_eur', 'video_id', 'reference', 'note']);
    for (let after = '0'; ; ) {
      const rows = await repo.ledgerAfter(db, companyId, after, PAGE);
      if (rows.length === 0) return;
      yield rows
        .map((entry) =>
          csvLine([
            entry.id,
            iso(entry.createdAt),
            entry.kind,
            euros(entry.amountCents),
            euros(entry.balanceAfterCents),
            entry.videoId,
            userText(entry.reference),
            userText(entry.note),
          ]),
        )
        .join('');
      after = rows[rows.length - 1]?.id ?? after;
    }
  }

  async function* commentsCsv() {
    yield csvLine([
      'video_id',
      'cue_start',
      'cue_end',
      'comment',
      'author',
      'created',
      'resolved',
      'resolved_by',
    ]);
    for (let after = 0; ; ) {
      const rows = await repo.commentsAfter(db, companyId, after, PAGE);
      if (rows.length === 0) return;
      yield rows
        .map((comment) =>
          csvLine([
            comment.videoId,
            formatWebVttTime(comment.startMs),
            formatWebVttTime(comment.endMs),
            userText(comment.body),
            userText(comment.author ?? (comment.guestName && `${comment.guestName} (review link)`)),
            iso(comment.createdAt),
            comment.resolvedAt ? iso(comment.resolvedAt) : null,
            userText(comment.resolvedBy),
          ]),
        )
        .join('');
      after = rows[rows.length - 1]?.id ?? after;
    }
  }

  async function* single(text: string) {
    yield text;
  }

  async function build() {
    await file('videos.csv', videosCsv());
    await file('ledger.csv', ledgerCsv());
    await file('comments.csv', commentsCsv());
    for (let after: repo.SubtitleVersionKey = { videoId: 0, language: '', version: -1 }; ; ) {
      const rows = await repo.subtitlesAfter(db, companyId, after, SRT_PAGE);
      if (rows.length === 0) break;
      for (const subtitle of rows) {
        // The video's own versions keep their names; an added language's carry its code before them.
        const version = `v${subtitle.version}-${subtitle.origin}`;
        const label = subtitle.language === '' ? version : `${subtitle.language}.${version}`;
        await file(
          `subtitles/${subtitle.videoId}/${subtitleExportName(subtitle, label, '.srt')}`,
          single(subtitle.srt),
        );
      }
      const last = rows[rows.length - 1];
      if (last) after = { videoId: last.videoId, language: last.language, version: last.version };
    }
    zip.end();
  }

  build().catch((error: unknown) => {
    logger.warn({ err: error, companyId }, 'the company export stopped');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  const today = new Date().toISOString().slice(0, 10);
  return { stream: out, fileName: `company-${companyId}-export-${today}.zip` };
}
