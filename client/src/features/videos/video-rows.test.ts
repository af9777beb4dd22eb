import { describe, expect, it } from 'vitest';
import { formatVideoDate, isProcessing, readingNotesOf, revisionsText, searchToApply } from './video-rows';

describe('video rows', () => {
  it('formats the date as yyyy-MM-dd HH:mm', () => {
    expect(formatVideoDate(new Date(2026, 0, 5, 9, 7, 59))).toBe('2026-01-05 09:07');
    expect(formatVideoDate(new Date(2026, 0, 5, 9, 7).toISOString())).toBe('2026-01-05 09:07');
    expect(formatVideoDate('not a date')).toBe('');
  });

  it('lists the notes stored with the current subtitle file, none when it needed no repair', () => {
    expect(readingNotesOf({ reading_notes: ['Line 6: the subtitle was left out'] })).toEqual([
      'Line 6: the subtitle was left out',
    ]);
    expect(readingNotesOf({ reading_notes: null })).toEqual([]);
    expect(readingNotesOf({})).toEqual([]);
  });

  it("shows revisions as 'n / 2'", () => {
    expect(revisionsText(0)).toBe('0 / 2');
    expect(revisionsText(2)).toBe('2 / 2');
  });

  it('searches when the text is empty or has at least 3 characters', () => {
    expect(searchToApply('')).toBe('');
    expect(searchToApply('  ')).toBe('');
    expect(searchToApply('ab')).toBeNull();
    expect(searchToApply('abc')).toBe('abc');
    expect(searchToApply(' abc ')).toBe('abc');
  });

  it('knows a row still being processed', () => {
    expect(isProcessing({ srt_status: 'completed', hardcoded_status: 'polling' })).toBe(true);
    expect(isProcessing({ srt_status: 'polling', hardcoded_status: 'polling' })).toBe(true);
    expect(isProcessing({ srt_status: 'completed', hardcoded_status: 'failed' })).toBe(false);
    // Audio alone: its video is not applicable, so the row is done when its subtitles are.
    expect(isProcessing({ srt_status: 'polling', hardcoded_status: 'not_applicable' })).toBe(true);
    expect(isProcessing({ srt_status: 'completed', hardcoded_status: 'not_applicable' })).toBe(false);
  });
});
