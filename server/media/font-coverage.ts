import { open } from 'node:fs/promises';
import { FONT_FILES, packageFile } from './fonts';

/** Code point ranges, inclusive, sorted by start. */
export type Coverage = readonly (readonly [number, number])[];

/**
 * The characters a TrueType/OpenType font maps to a glyph, from its `cmap` table (given alone): the
 * full-Unicode subtable (format 12) when there is one, else the BMP one (format 4).
 */
export function cmapCoverage(cmap: Buffer): Coverage {
  const subtables = new Map<number, number>();
  for (let index = 0; index < cmap.readUInt16BE(2); index++) {
    const offset = cmap.readUInt32BE(4 + index * 8 + 4);
    subtables.set(cmap.readUInt16BE(offset), offset);
  }
  const full = subtables.get(12);
  if (full !== undefined) return format12(cmap, full);
  const bmp = subtables.get(4);
  return bmp === undefined ? [] : format4(cmap, bmp);
}

/** A font file's coverage, reading only its table directory and `cmap` (the CJK faces are megabytes). */
export async function fontFileCoverage(file: string): Promise<Coverage> {
  const handle = await open(file);
  const read = async (position: number, length: number) => {
    const bytes = Buffer.alloc(length);
    await handle.read(bytes, 0, length, position);
    return bytes;
  };
  try {
    const tables = (await read(4, 2)).readUInt16BE(0);
    const directory = await read(12, tables * 16);
    for (let index = 0; index < tables; index++) {
      const record = index * 16;
      if (directory.toString('latin1', record, record + 4) !== 'cmap') continue;
      return cmapCoverage(
        await read(directory.readUInt32BE(record + 8), directory.readUInt32BE(record + 12)),
      );
    }
    return [];
  } finally {
    await handle.close();
  }
}

function format12(font: Buffer, offset: number): Coverage {
  const ranges: [number, number][] = [];
  const groups = font.readUInt32BE(offset + 12);
  for (let index = 0; index < groups; index++) {
    const group = offset + 16 + index * 12;
    ranges.push([font.readUInt32BE(group), font.readUInt32BE(group + 4)]);
  }
  return merged(ranges);
}

function format4(font: Buffer, offset: number): Coverage {
  const segments = font.readUInt16BE(offset + 6) / 2;
  const ends = offset + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  const ranges: [number, number][] = [];
  for (let segment = 0; segment < segments; segment++) {
    const start = font.readUInt16BE(starts + segment * 2);
    const end = font.readUInt16BE(ends + segment * 2);
    const rangeOffset = font.readUInt16BE(rangeOffsets + segment * 2);
    for (let code = start; code <= end && code !== 0xffff; code++) {
      // With a range offset the glyph is read from the glyph array; glyph 0 is "missing".
      const glyphAt = rangeOffsets + segment * 2 + rangeOffset + (code - start) * 2;
      if (rangeOffset === 0 || font.readUInt16BE(glyphAt) !== 0) ranges.push([code, code]);
    }
  }
  return merged(ranges);
}

function merged(ranges: [number, number][]): Coverage {
  const sorted = ranges.sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = out[out.length - 1];
    if (last && start <= last[1] + 1) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

export function covers(coverage: Coverage, codePoint: number): boolean {
  let low = 0;
  let high = coverage.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [start, end] = coverage[middle] ?? [0, -1];
    if (codePoint < start) high = middle - 1;
    else if (codePoint > end) low = middle + 1;
    else return true;
  }
  return false;
}

let shipped: Promise<Coverage> | null = null;

/** Every character some face we burn in with can draw (server/media/fonts.ts), read once. */
export function shippedFontCoverage(): Promise<Coverage> {
  shipped ??= Promise.all(FONT_FILES.map((spec) => fontFileCoverage(packageFile(spec)))).then((all) =>
    merged(all.flatMap((coverage) => coverage.map(([start, end]) => [start, end] as [number, number]))),
  );
  return shipped;
}

/** Characters nothing draws and nobody sees: spaces, line breaks, joiners, variation selectors. */
const INVISIBLE = /[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

/** The characters of the cues no shipped face draws, each with the cues (numbered from 1) holding it. */
export function uncoveredCharacters(
  coverage: Coverage,
  cues: readonly { text: string }[],
): { character: string; cues: number[] }[] {
  const found = new Map<string, number[]>();
  cues.forEach((cue, index) => {
    for (const character of cue.text) {
      const codePoint = character.codePointAt(0) ?? 0;
      if (INVISIBLE.test(character) || covers(coverage, codePoint)) continue;
      const numbers = found.get(character) ?? [];
      if (numbers[numbers.length - 1] !== index + 1) numbers.push(index + 1);
      found.set(character, numbers);
    }
  });
  return [...found].map(([character, numbers]) => ({ character, cues: numbers }));
}
