import { SrtError } from './subtitle-issue';
import { WEBVTT_HEADER } from './webvtt-parse';

/**
 * Where UTF-8 decoding fails: the offset of the first byte that does not belong to a well-formed
 * sequence (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF), or null.
 */
export function findInvalidUtf8(bytes: Uint8Array): number | null {
  let index = 0;
  while (index < bytes.length) {
    const length = sequenceLength(bytes, index);
    if (length === 0) return index;
    index += length;
  }
  return null;
}

/** Length of the well-formed sequence starting at `index`, or 0. */
function sequenceLength(bytes: Uint8Array, index: number): number {
  const lead = bytes[index] ?? 0;
  if (lead < 0x80) return 1;
  const [length, low, high] = leadRange(lead);
  if (length === 0) return 0;
  const second = bytes[index + 1] ?? -1;
  if (second < low || second > high) return 0;
  for (let offset = 2; offset < length; offset++) {
    const next = bytes[index + offset] ?? -1;
    if (next < 0x80 || next > 0xbf) return 0;
  }
  return length;
}

/** Sequence length and the allowed range of the second byte, per the table in RFC 3629 section 4. */
function leadRange(lead: number): [number, number, number] {
  if (lead >= 0xc2 && lead <= 0xdf) return [2, 0x80, 0xbf];
  if (lead === 0xe0) return [3, 0xa0, 0xbf];
  if (lead === 0xed) return [3, 0x80, 0x9f];
  if (lead >= 0xe1 && lead <= 0xef) return [3, 0x80, 0xbf];
  if (lead === 0xf0) return [4, 0x90, 0xbf];
  if (lead === 0xf4) return [4, 0x80, 0x8f];
  if (lead >= 0xf1 && lead <= 0xf3) return [4, 0x80, 0xbf];
  return [0, 0, 0];
}

export function lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let index = 0; index < offset; index++) if (bytes[index] === 0x0a) line += 1;
  return line;
}

function hasUtf16Bom(bytes: Uint8Array): boolean {
  const [first, second] = bytes;
  return (first === 0xff && second === 0xfe) || (first === 0xfe && second === 0xff);
}

/**
 * Checks that an uploaded subtitle file is non-empty UTF-8 text (a BOM is fine) and returns its text
 * without the BOM. Throws an SrtError with a message a user can act on.
 */
export function decodeSrtBytes(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new SrtError({ line: null, message: 'The file is empty.' });
  if (hasUtf16Bom(bytes)) {
    throw new SrtError({ line: null, message: 'The file is UTF-16 text; save it as UTF-8.' });
  }
  const text = strictUtf8(bytes);
  const invalidAt = text === null ? findInvalidUtf8(bytes) : null;
  if (text === null || invalidAt !== null) {
    const at = invalidAt ?? 0;
    const byte = (bytes[at] ?? 0).toString(16).toUpperCase().padStart(2, '0');
    const message = `the file is not valid UTF-8 (byte 0x${byte} at offset ${at}); save it as UTF-8.`;
    throw new SrtError({ line: lineAt(bytes, at), message });
  }
  let body = text.replace(/^\uFEFF/, '');
  const nulAt = bytes.indexOf(0);
  if (nulAt >= 0) {
    // A WebVTT signature shows the file is text: a NUL is shown as U+FFFD, as the WebVTT spec says;
    // no NUL goes further (PostgreSQL text cannot hold one), whichever reader the text is given to.
    if (!WEBVTT_HEADER.test(/^[^\r\n]*/.exec(body)?.[0] ?? ''))
      throw new SrtError({
        line: lineAt(bytes, nulAt),
        message: 'the file contains a NUL byte; it is not a text file.',
      });
    body = body.replaceAll('\0', '\uFFFD');
  }
  if (/^\s*$/.test(body)) throw new SrtError({ line: null, message: 'The file contains only blank space.' });
  return body;
}

/** The text when every byte is well-formed UTF-8 (the platform's decoder, fast on a large file), else null. */
function strictUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}
