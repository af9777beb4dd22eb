/**
 * The fixtures of test/fixtures/subtitle-cases/ that the product reads differently from ffmpeg 5.1, on
 * purpose, each with the reason (issue 36). The agreement test fails on any other difference, and on an
 * entry here that no longer differs.
 */
export const INTENDED_DIFFERENCES: Record<string, string> = {
  // Cues that are never on screen: the product leaves them out and says so by line.
  'srt-zero-length-cue.srt':
    'a cue that ends when it starts is never shown: left out with a note; ffmpeg keeps it',
  'srt-inverted-cue.srt':
    'a cue that ends before it starts is never shown: left out with a note; ffmpeg gives it an end 49 days on (srt and pysubs2 keep it as written)',
  'vtt-zero-duration.vtt':
    'zero-length cue left out with a note; the W3C algorithm and ffmpeg keep a cue that never shows',
  'vtt-negative-duration.vtt':
    'a cue ending before it starts never shows (W3C keeps it in the track): left out with a note; ffmpeg shows it for a second',
  'ass-zero-and-inverted.ass': 'zero-length and inverted events left out with a note; ffmpeg keeps both',
  'ass-empty-text.ass':
    'an event with no text shows nothing: left out with a note; ffmpeg keeps an empty cue',
  'ass-drawing.ass':
    'a {\\p1} drawing is a shape libass draws, not words: left out; ffmpeg writes its drawing commands as text',

  // Variants other readers take that ffmpeg does not.
  'srt-arrow-short.srt':
    'the srt library and pysubs2 read a "->" arrow (noted as a repair); ffmpeg reads no cue',
  'srt-arrow-spaced.srt':
    'the srt library reads "-- >" (seen in broadcast rips; noted as a repair); ffmpeg reads no cue',
  'srt-fullwidth-comma.srt':
    'the srt library reads full-width "，" and "：" in times (noted); ffmpeg reads no cue',
  'srt-no-milliseconds.srt': 'the srt library reads times without milliseconds; ffmpeg reads no cue',
  'srt-two-digit-fraction.srt':
    'pysubs2 reads ",46" as 460 ms, the decimal fraction written; ffmpeg and the srt library read 46 ms, which no tool that writes two digits means',
  'ass-empty-layer.ass': 'pysubs2 reads an event with an empty Layer field as layer 0; ffmpeg drops it',
  'ass-format-reordered.ass':
    'libass and pysubs2 read event fields in the order the Format line names them; ffmpeg reads no event',
  'ass-millisecond-fraction.ass':
    'pysubs2 reads ".5" as 500 ms and ".255" as 255 ms (a decimal fraction); ffmpeg and libass count centiseconds (".255" is 2.55 s)',
  'ass-negative-start.ass':
    'pysubs2 reads "-0:00:01.00" as minus one second and the product starts it at 0 (noted); ffmpeg reads it as +1 s',

  // Lines that cannot be read: left out and noted, never shown as text.
  'srt-bad-timing-line.srt':
    'a block whose timing cannot be read is left out with a note; ffmpeg appends it, timing line and all, to the cue before',
  'srt-entities.srt':
    'character references (&amp;, &#233;) that web tools write into SRT are shown as the characters; ffmpeg shows them literally',

  // The WebVTT parsing algorithm (W3C), which the WPT file-parsing suite checks, against ffmpeg's reader.
  'vtt-arrow-in-id.vtt':
    'W3C: an identifier line holding "-->" is read as a (bad) timing line and the next line starts the cue, which is kept; ffmpeg reads no cue',
  'vtt-arrow-in-text.vtt':
    'W3C: a text line holding "-->" ends the cue and starts a block that is dropped; ffmpeg keeps it as text',
  'vtt-blank-line-in-text.vtt':
    'W3C: text after a blank line is a block without timing, dropped (noted); ffmpeg also drops it but then stops reading the file',
  'vtt-comma-milliseconds.vtt':
    'W3C: "00:00:01,000" is no WebVTT time, that cue is dropped; ffmpeg reads no cue at all',
  'vtt-cr-only.vtt': 'W3C: a lone CR ends a line; ffmpeg loses the first cue of a file with CR line ends',
  'vtt-cue-under-header.vtt':
    'the WPT header-timings case: a cue right under WEBVTT is read (issue 36 acceptance); ffmpeg skips it',
  'vtt-entities.vtt':
    'W3C decodes numeric character references (&#233;, &#x263A;); ffmpeg shows them literally',
  'vtt-minutes-60.vtt': 'W3C: minutes must be 00–59, the cue is dropped (noted); ffmpeg reads 60 minutes',
  'vtt-no-blank-between-cues.vtt':
    'W3C: a timing line ends the cue before it, so two cues (split, noted); ffmpeg merges them, timing line as text',
  'vtt-region-block.vtt': 'W3C: a REGION block is skipped and the cue read; ffmpeg reads no cue',
  'vtt-style-block.vtt': 'W3C: a STYLE block is skipped and the cue read; ffmpeg reads no cue',
  'vtt-style-blank-line.vtt':
    'W3C: a STYLE block ends at a blank line, the rest is a dropped block; ffmpeg reads no cue',
  'vtt-style-after-cue.vtt':
    'W3C: a STYLE block after a cue is a block without timing, dropped, and the next cue is read; ffmpeg stops there',
  'vtt-timing-garbage.vtt': 'W3C: "x-->" is no timing line, that cue is dropped (noted); ffmpeg reads it',
  'vtt-timing-too-long.vtt':
    'W3C (WPT timings-too-long): four fraction digits or three minute digits drop the cue (noted); ffmpeg reads them',
  'vtt-timing-too-short.vtt':
    'W3C (WPT timings-too-short): two fraction digits or one minute digit drop the cue (noted); ffmpeg reads them',
  'vtt-null-character.vtt':
    'W3C (WPT nulls): a NUL character is shown as U+FFFD (noted); ffmpeg cuts the text at it',

  // Files the product refuses with a sentence rather than guess.
  'srt-windows-1250.srt':
    'Windows-1250 cannot be told from Windows-1252 by its bytes: refused, asking for UTF-8, rather than show wrong letters',
  'srt-windows-1252.srt':
    'accented letters are a third of this short text, too many to be sure it is not Windows-1250: refused, asking for UTF-8',
  'srt-utf16be-bom.srt': 'UTF-16 big-endian is converted and both cues read; ffmpeg 5.1 reads only the first',
};
