/**
 * Subtitle files in (issue 22): the upload forms and the product's revision upload take SRT, WebVTT
 * and ASS, told apart by their content; the legacy paths keep PRODUCT.md §5's SRT-only texts.
 */
export const SUBTITLE_IN_TEXTS = {
  /** Hardcode form: a chosen file whose name is none of the accepted suffixes. */
  subtitleType: '* Please select an SRT, WebVTT or ASS subtitle file.',
  /** Edited subtitles on My Videos: the same, in that control's words. */
  editedSubtitleType: 'Invalid file format. Please upload an SRT, WebVTT or ASS file.',
  /** Under the hardcode form's file picker. */
  help: 'SRT, WebVTT (.vtt) or ASS, best in UTF-8 (other encodings are converted). Styling inside an ASS file is replaced by the style you choose; positions such as {\\an8} are kept.',
} as const;

/** The names the pickers offer; the server judges the content whatever the name. */
export const SUBTITLE_IN_EXTENSIONS = ['.srt', '.vtt', '.ass', '.ssa'] as const;

/** A chosen file's name ends with one of the accepted suffixes, whatever its case. */
export function isSubtitleInName(name: string): boolean {
  const lower = name.toLowerCase();
  return SUBTITLE_IN_EXTENSIONS.some((extension) => lower.endsWith(extension));
}
