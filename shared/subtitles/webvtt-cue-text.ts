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

/** The settings that place a cue: `line`, `position` and `align` (region and size are left to the style). */
interface Placement {
  line?: number;
  linePercent?: number;
  position?: number;
  align?: string;
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
      if (/^\d+(?:\.\d+)?%$/.test(where)) {
        const percent = Number(where.slice(0, -1));
        if (percent <= 100) placement.linePercent = percent;
      } else if (/^-?\d+(?:\.\d+)?$/.test(where)) placement.line = Number(where);
    } else if (name === 'position') {
      const where = placeAndAlignment(value, POSITION_ALIGNMENTS);
      if (where !== null && /^\d+(?:\.\d+)?%$/.test(where) && Number(where.slice(0, -1)) <= 100)
        placement.position = Number(where.slice(0, -1));
    } else if (name === 'align' && ['start', 'center', 'end', 'left', 'right'].includes(value)) {
      placement.align = value;
    }
  }
  return placement;
}

/**
 * Where the settings put a cue, as ASS numbers it: the row from `line` (a line number from the top
 * when positive, from the bottom when negative, or a percentage of the height), the column from
 * `align` (start and left, end and right). Undefined: the style's own place.
 */
export function positionFromSettings(settings: string): CuePosition | undefined {
  const placement = readSettings(settings);
  let row = 0; // 0 bottom, 1 middle, 2 top
  if (placement.linePercent !== undefined)
    row = placement.linePercent < 100 / 3 ? 2 : placement.linePercent < 200 / 3 ? 1 : 0;
  else if (placement.line !== undefined) row = placement.line >= 0 ? 2 : 0;
  let column = 1; // 0 left, 1 centre, 2 right
  if (placement.align === 'start' || placement.align === 'left') column = 0;
  if (placement.align === 'end' || placement.align === 'right') column = 2;
  const position = row * 3 + column + 1;
  return position === 2 ? undefined : (position as CuePosition);
}
