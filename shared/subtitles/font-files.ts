/**
 * The faces burn-in draws with, by the family names the ASS scripts use (shared/subtitles/ass-fonts.ts
 * picks them; server/media/fonts.ts names their packages): the editor's preview loads them by these
 * names, and the MKV with subtitle tracks carries the ones its scripts use.
 */
export const FONT_FILE_OF_FAMILY: Readonly<Record<string, string>> = {
  'noto sans medium': 'NotoSans_500Medium.ttf',
  'noto sans jp medium': 'NotoSansJP_500Medium.ttf',
  'noto sans kr medium': 'NotoSansKR_500Medium.ttf',
  'noto sans sc medium': 'NotoSansSC_500Medium.ttf',
  'noto sans thai medium': 'NotoSansThai_500Medium.ttf',
  'noto sans devanagari medium': 'NotoSansDevanagari_500Medium.ttf',
  // Named by a cue (`\fn`) where emoji are drawn, as the other scripts' faces are.
  'noto emoji': 'NotoEmoji_400Regular.ttf',
};

/** The files of the faces an ASS script draws with: its styles' and those its cues name by `\fn`. */
export function fontFilesOfAss(ass: string): string[] {
  const styles = ass
    .split('\n')
    .filter((line) => line.startsWith('Style:'))
    .map((line) => line.split(',')[1] ?? '');
  const named = [...ass.matchAll(/\\fn([^\\}]+)/g)].map((match) => match[1] ?? '');
  const files = [...styles, ...named].map((family) => FONT_FILE_OF_FAMILY[family.trim().toLowerCase()]);
  return [...new Set(files.filter((file): file is string => file !== undefined))];
}
