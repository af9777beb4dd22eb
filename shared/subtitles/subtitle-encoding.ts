import { decodeSrtBytes, lineAt } from './srt-bytes';
import { SrtError } from './subtitle-issue';
import { NUL_SHOWN } from './webvtt-parse';

/** A subtitle file's text and, when it was not UTF-8, the sentence that says what it was read as. */
export interface DecodedSubtitles {
  text: string;
  notes: string[];
}

interface Legacy {
  /** WHATWG encoding label, which TextDecoder knows in Node (full ICU) and every browser. */
  label: string;
  name: string;
}

const SHIFT_JIS: Legacy = { label: 'shift_jis', name: 'Shift-JIS (Japanese)' };
const GB18030: Legacy = { label: 'gb18030', name: 'GB18030 (Simplified Chinese)' };
const BIG5: Legacy = { label: 'big5', name: 'Big5 (Traditional Chinese)' };
const WINDOWS_1251: Legacy = { label: 'windows-1251', name: 'Windows-1251 (Cyrillic)' };
const WINDOWS_1252: Legacy = { label: 'windows-1252', name: 'Windows-1252 (Western European)' };

/** The commonest characters of Chinese text, in each script: which decoding reads more of them. */
const SIMPLIFIED = new Set('这个们来为国说时会对发后里么还没过见样经让问进种实现开关给话');
const TRADITIONAL = new Set('這個們來為國說時會對發後裡麼還沒過見樣經讓問進種實現開關給話');

function decodeOrNull(bytes: Uint8Array, label: string): string | null {
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

function countIn(text: string, set: Set<string>): number {
  let found = 0;
  for (const character of text) if (set.has(character)) found += 1;
  return found;
}

/**
 * The legacy encoding a file that is not UTF-8 is most likely in, when the evidence is clear: kana
 * read as Shift-JIS; common Chinese characters read as GB18030 or Big5, whichever reads more of them;
 * otherwise letters from the upper half of a single-byte code page, mostly in the Cyrillic block of
 * Windows-1251 (Russian text is nearly all such letters) or under a third as many as the ASCII letters (Western text
 * with accents). Null when none is clear.
 */
export function likelyLegacyEncoding(bytes: Uint8Array): { encoding: Legacy; text: string } | null {
  const japanese = decodeOrNull(bytes, SHIFT_JIS.label);
  if (japanese && count(japanese, /[\u3040-\u30ff]/g) >= 2) return { encoding: SHIFT_JIS, text: japanese };
  const simplified = decodeOrNull(bytes, GB18030.label);
  const traditional = decodeOrNull(bytes, BIG5.label);
  const simplifiedHits = simplified ? countIn(simplified, SIMPLIFIED) : 0;
  const traditionalHits = traditional ? countIn(traditional, TRADITIONAL) : 0;
  if (simplified && simplifiedHits >= 2 && simplifiedHits > traditionalHits)
    return { encoding: GB18030, text: simplified };
  if (traditional && traditionalHits >= 2 && traditionalHits > simplifiedHits)
    return { encoding: BIG5, text: traditional };
  let high = 0;
  let ascii = 0;
  let cyrillicLetters = 0;
  for (const byte of bytes) {
    if ((byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a)) ascii += 1;
    else if (byte >= 0x80) {
      high += 1;
      if (byte >= 0xc0) cyrillicLetters += 1;
    }
  }
  if (cyrillicLetters >= 4 && cyrillicLetters > ascii && cyrillicLetters / high > 0.8)
    return { encoding: WINDOWS_1251, text: new TextDecoder(WINDOWS_1251.label).decode(bytes) };
  if (high > 0 && high * 3 < ascii)
    return { encoding: WINDOWS_1252, text: new TextDecoder(WINDOWS_1252.label).decode(bytes) };
  return null;
}

function utf16Order(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const [first, second] = bytes;
  if (first === 0xff && second === 0xfe) return 'utf-16le';
  if (first === 0xfe && second === 0xff) return 'utf-16be';
  return null;
}

/**
 * A subtitle file's bytes as text: UTF-8 (with or without a BOM) as it is; UTF-16 with a BOM
 * converted; another encoding converted when likelyLegacyEncoding is clear about it, saying which
 * was read. Otherwise refused as decodeSrtBytes refuses it, naming the first byte that is not UTF-8.
 */
export function decodeSubtitleBytes(bytes: Uint8Array): DecodedSubtitles {
  const order = utf16Order(bytes);
  if (order) {
    const text = new TextDecoder(order).decode(bytes).replace(/^\uFEFF/, '');
    if (bytes.length > 2 && /^\s*$/.test(text) === false)
      return {
        text: decodeSrtBytes(new TextEncoder().encode(text)),
        notes: ['The file was UTF-16 text: it was converted.'],
      };
  }
  try {
    const text = decodeSrtBytes(bytes);
    const nulAt = bytes.indexOf(0);
    const notes = nulAt < 0 ? [] : [`Line ${lineAt(bytes, nulAt)}: ${NUL_SHOWN}`];
    return { text, notes };
  } catch (error) {
    if (!(error instanceof SrtError) || !/not valid UTF-8/.test(error.message)) throw error;
    const legacy = likelyLegacyEncoding(bytes);
    if (!legacy) throw error;
    return {
      text: decodeSrtBytes(new TextEncoder().encode(legacy.text)),
      notes: [`The file is not UTF-8: it was read as ${legacy.encoding.name}.`],
    };
  }
}
