import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database';
import { VICTIM_INVITEE, type victimCompany } from './isolation-seed';

/**
 * Traces of another company's data in an answer's text: its names and storage keys (markers), and its
 * row ids. Signed and encoded links hide what they carry, so every base64url run in the answer is
 * decoded and searched too, as is the URL-decoded text.
 */
export function foreignTraces(body: string, traces: { markers: string[]; ids: number[] }): string[] {
  const text = searchableText(body).toLowerCase();
  const found = traces.markers
    .filter((marker) => text.includes(marker.toLowerCase()))
    .map((marker) => `"${marker}"`);
  for (const id of traces.ids) {
    // The victim's ids come from their own ranges (isolation-seed.ts): only a whole number counts.
    if (new RegExp(`(?<![0-9])${id}(?![0-9])`).test(text)) found.push(`id ${id}`);
  }
  return found;
}

/** The answer, its URL-decoded form, and the decoding of every base64url run long enough to hide a key. */
function searchableText(body: string): string {
  const decoded = [body, safeDecodeUri(body)];
  for (const run of body.match(/[A-Za-z0-9_-]{16,}/g) ?? []) {
    // A run may start anywhere in a base64 quantum: try each of the four alignments.
    for (let shift = 0; shift < 4; shift += 1)
      decoded.push(Buffer.from(run.slice(shift), 'base64url').toString('latin1'));
  }
  return decoded.join('\n');
}

function safeDecodeUri(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * An answer as text the scanner can search: a ZIP (the company export) is opened and each entry's
 * name and contents read, so a CSV cell or an SRT inside it is searched as any JSON answer is.
 */
export function answerText(payload: Buffer, contentType: string | undefined): string {
  if (!contentType?.startsWith('application/zip')) return payload.toString('utf8');
  const entries = unzipSync(new Uint8Array(payload));
  return Object.entries(entries)
    .map(([name, bytes]) => `${name}\n${Buffer.from(bytes).toString('utf8')}`)
    .join('\n');
}

type VictimSeed = Awaited<ReturnType<typeof victimCompany>>;

/** What the victim's data looks like in an answer: its names, storage keys and ids. */
export function victimTraces({
  victim,
  ids,
  resumableUpload,
}: Pick<VictimSeed, 'victim' | 'ids' | 'resumableUpload'>) {
  return {
    markers: [
      'victim company',
      'victim-secret',
      'victim-message',
      'victim-ledger-note',
      victim.email,
      'victim subtitles',
      'victim draft',
      'videos/victim/',
      'victim-api-token',
      'VictimBrandName',
      'victim-comment',
      VICTIM_INVITEE,
      ids.reviewToken,
      resumableUpload,
    ],
    ids: Object.values(ids).filter((value) => typeof value === 'number'),
  };
}

/** Every row of the victim company, as text: what no intruder's call may change. */
export async function victimRows(db: Db, ids: { company: number; user: number; video: number }) {
  const tables: [string, string][] = [
    ['companies', `id = ${ids.company}`],
    ['company_admins', `company_id = ${ids.company}`],
    ['users', `id = ${ids.user}`],
    ['videos', `company_id = ${ids.company}`],
    ['subtitle_versions', `video_id = ${ids.video}`],
    ['subtitle_drafts', `video_id = ${ids.video}`],
    ['cue_comments', `video_id = ${ids.video}`],
    ['review_links', `video_id = ${ids.video}`],
    ['messages', `company_id = ${ids.company}`],
    ['credit_ledger', `company_id = ${ids.company}`],
    ['api_tokens', `user_id = ${ids.user}`],
    ['glossary_terms', `company_id = ${ids.company}`],
    ['pending_upload_subtitles', `company_id = ${ids.company}`],
    ['company_invitations', `company_id = ${ids.company}`],
  ];
  const texts: string[] = [];
  for (const [table, where] of tables) {
    const rows = await sql<{ row: string }>`
      select t::text as row from ${sql.raw(table)} t where ${sql.raw(where)} order by 1`.execute(db);
    texts.push(`${table}: ${rows.rows.map((row) => row.row).join(' | ')}`);
  }
  return texts.join('\n');
}
