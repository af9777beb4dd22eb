import { unzipSync } from 'fflate';

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
    // The victim's ids come from their own ranges (isolation-matrix.ts): only a whole number counts.
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
