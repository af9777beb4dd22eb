import type { CuePosition } from './cue';

/** SRT's tags are WebVTT's too and stay (classes dropped); every other tag (`<c.x>`, `<v Name>`, `<lang>`, `<ruby>`, timestamps) goes. */
const KEPT_TAG = /^<(\/?)([ibu])(?:\.[^\s>]*)?>$/i;
const ANY_TAG = /<[^>]*>/g;
/** The character references cue text uses most; numeric ones are decoded whatever they name. */
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  lrm: '\u200E',
  rlm: '\u200F',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  copy: '©',
  reg: '®',
  eacute: 'é',
  egrave: 'è',
  agrave: 'à',
  ccedil: 'ç',
  uuml: 'ü',
  ouml: 'ö',
  auml: 'ä',
  szlig: 'ß',
  ntilde: 'ñ',
};
const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));/g;

function decodeReference(match: string, decimal?: string, hex?: string, name?: string): string {
  if (name !== undefined) return NAMED[name] ?? match;
  const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex ?? '', 16);
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\uFFFD';
  return String.fromCodePoint(code);
}

/** HTML character references (`&amp;`, `&#233;`, `&quot;`) as the characters they stand for. */
export function decodeReferences(text: string): string {
  return text.replace(REFERENCE, decodeReference);
}

/** Cue text as the product keeps it: `<i>`, `<b>`, `<u>` kept, other tags and inline times dropped, references decoded. */
export function webVttTextToCueText(line: string): string {
  const tagsOut = line.replace(ANY_TAG, (tag) => {
    const kept = KEPT_TAG.exec(tag);
    return kept ? `<${kept[1]}${(kept[2] ?? '').toLowerCase()}>` : '';
  });
  return decodeReferences(tagsOut).trim();
}

/** The settings that place a cue: `line`, `position`, `size` and `align` (a region is left to the style). */
interface Placement {
  line?: number;
  linePercent?: number;
  position?: number;
  positionAlign?: string;
  size?: number;
  align?: string;
}

/** A percentage of at most 100 (`12.5%`), as the spec reads one; null otherwise. */
function percentage(text: string): number | null {
  if (!/^\d+(?:\.\d+)?%$/.test(text)) return null;
  const value = Number(text.slice(0, -1));
  return value <= 100 ? value : null;
}

const LINE_ALIGNMENTS = ['start', 'center', 'end'];
const POSITION_ALIGNMENTS = ['line-left', 'center', 'line-right'];

/**
 * The place of a `line:` or `position:` value (`10%,start`): null when a comma is followed by anything
 * but one of the alignment words, which makes the spec ignore the whole setting (`line:0,middle`).
 */
function placeAndAlignment(value: string, alignments: readonly string[]): string | null {
  const comma = value.indexOf(',');
  if (comma < 0) return value;
  return alignments.includes(value.slice(comma + 1)) ? value.slice(0, comma) : null;
}

/** Cue settings as the spec reads them (each `name:value` apart, unknown or malformed ones ignored). */
function readSettings(settings: string): Placement {
  const placement: Placement = {};
  for (const setting of settings.split(/[ \t]+/)) {
    const colon = setting.indexOf(':');
    if (colon <= 0 || colon === setting.length - 1) continue;
    const name = setting.slice(0, colon);
    const value = setting.slice(colon + 1);
    if (name === 'line') {
      const where = placeAndAlignment(value, LINE_ALIGNMENTS);
      if (where === null) continue;
      if (where.endsWith('%')) {
        const percent = percentage(where);
        if (percent !== null) placement.linePercent = percent;
      } else if (/^-?\d+(?:\.\d+)?$/.test(where)) placement.line = Number(where);
    } else if (name === 'position') {
      const where = placeAndAlignment(value, POSITION_ALIGNMENTS);
      const percent = where === null ? null : percentage(where);
      if (where !== null && percent !== null) {
        placement.position = percent;
        const alignment = value.slice(where.length + 1);
        if (alignment) placement.positionAlign = alignment;
      }
    } else if (name === 'size') {
      const percent = percentage(value);
      if (percent !== null) placement.size = percent;
    } else if (name === 'align' && ['start', 'center', 'end', 'left', 'right'].includes(value)) {
      placement.align = value;
    }
  }
  return placement;
}

/**
 * Where along the width the text sits, in percent: the spec's cue box (from `position`, its alignment and
 * `size`, each defaulting from `align`), then the text's anchor in that box by `align` (left-to-right text).
 */
function textAnchor(placement: Placement): number {
  const align = placement.align ?? 'center';
  const atStart = align === 'start' || align === 'left';
  const atEnd = align === 'end' || align === 'right';
  const position = placement.position ?? (atStart ? 0 : atEnd ? 100 : 50);
  const boxAlign = placement.positionAlign ?? (atStart ? 'line-left' : atEnd ? 'line-right' : 'center');
  const room =
    boxAlign === 'line-left'
      ? 100 - position
      : boxAlign === 'line-right'
        ? position
        : 2 * Math.min(position, 100 - position);
  const size = Math.min(placement.size ?? 100, room);
  const left =
    boxAlign === 'line-left' ? position : boxAlign === 'line-right' ? position - size : position - size / 2;
  return atStart ? left : atEnd ? left + size : left + size / 2;
}

/**
 * Where the settings put a cue, as ASS numbers it: the row from `line` (a line number from the top
 * when positive, from the bottom when negative, or a percentage of the height), the column from where
 * the text sits across the width (`align`, `position`, `size`): the left, middle or right third.
 * Undefined: the style's own place.
 */
export function positionFromSettings(settings: string): CuePosition | undefined {
  const placement = readSettings(settings);
  let row = 0; // 0 bottom, 1 middle, 2 top
  if (placement.linePercent !== undefined)
    row = placement.linePercent < 100 / 3 ? 2 : placement.linePercent < 200 / 3 ? 1 : 0;
  else if (placement.line !== undefined) row = placement.line >= 0 ? 2 : 0;
  const anchor = textAnchor(placement);
  const column = anchor < 100 / 3 ? 0 : anchor > 200 / 3 ? 2 : 1; // left, centre, right
  const position = row * 3 + column + 1;
  return position === 2 ? undefined : (position as CuePosition);
}
