/**
 * SRT timestamps: `HH:MM:SS,mmm`. Reading also accepts a full stop before the milliseconds, 1–3 digits
 * of them, or none (`00:00:01`, as ffmpeg and the srt library read it).
 */
const TIMESTAMP = /^(\d{1,3}):([0-5]\d):([0-5]\d)(?:[,.](\d{1,3}))?$/;

/** Milliseconds, or null when the text is not a timestamp. */
export function parseTimestamp(text: string): number | null {
  return millisecondsOf(TIMESTAMP.exec(text.trim()));
}

function millisecondsOf(match: RegExpExecArray | null): number | null {
  if (!match) return null;
  const [, hours = '', minutes = '', seconds = '', fraction = ''] = match;
  const milliseconds = Number(fraction.padEnd(3, '0'));
  return ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + milliseconds;
}

/** As other SRT readers count (ffmpeg, srt, pysubs2): minutes and seconds of one or two digits, over 59 too. */
const COUNTED_TIMESTAMP = /^(\d{1,3}):(\d{1,2}):(\d{1,2})(?:[,.](\d{1,3}))?$/;

/** Milliseconds of a timestamp with minutes or seconds of one digit or past 59 (`00:61:00,000`), or null. */
export function countTimestamp(text: string): number | null {
  return millisecondsOf(COUNTED_TIMESTAMP.exec(text.trim()));
}

export function formatTimestamp(totalMs: number): string {
  const ms = Math.max(0, Math.round(totalMs));
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor(ms / 60_000) % 60;
  const seconds = Math.floor(ms / 1000) % 60;
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)},${pad(ms % 1000, 3)}`;
}

function pad(value: number, digits: number): string {
  return String(value).padStart(digits, '0');
}
