import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type TimeSpan, timeCues } from './cue-timing';
import { applyReadingSpeedPlan } from './reading-speed-plan';
import {
  MAX_CUE_MS,
  MAX_LEAD_MS,
  MAX_LINGER_MS,
  MIN_CUE_MS,
  MIN_GAP_MS,
  OUT_TIME_PADDING_MS,
} from './standards';

/** Speech spans in order, as cue segmentation produces them: they may touch, but never overlap. */
const speech = fc
  .array(
    fc.record({ pause: fc.integer({ min: 0, max: 4000 }), length: fc.integer({ min: 50, max: 6500 }) }),
    {
      minLength: 1,
      maxLength: 30,
    },
  )
  .map((parts) => {
    let time = 0;
    return parts.map(({ pause, length }): TimeSpan => {
      const span = { startMs: time + pause, endMs: time + pause + length };
      time = span.endMs;
      return span;
    });
  });

describe('timeCues', () => {
  it('always gives 5/6 s to 7 s per cue and 80 ms between cues, never before 0 or long before speech', () => {
    fc.assert(
      fc.property(speech, (spans) => {
        const timed = timeCues(spans, { outTimePaddingMs: OUT_TIME_PADDING_MS });
        timed.forEach((cue, index) => {
          const spoken = spans[index] ?? cue;
          expect(cue.endMs - cue.startMs).toBeGreaterThanOrEqual(MIN_CUE_MS);
          expect(cue.endMs - cue.startMs).toBeLessThanOrEqual(MAX_CUE_MS);
          expect(cue.startMs).toBeGreaterThanOrEqual(Math.max(0, spoken.startMs - MAX_LEAD_MS));
          const next = timed[index + 1];
          if (next) expect(next.startMs - cue.endMs).toBeGreaterThanOrEqual(MIN_GAP_MS);
        });
      }),
    );
  });

  it('keeps a cue on at most 0.5 s after its speech when there is room', () => {
    const [cue] = timeCues([{ startMs: 1000, endMs: 3000 }], { outTimePaddingMs: OUT_TIME_PADDING_MS });
    expect(cue).toEqual({ startMs: 1000, endMs: 3500 });
  });

  it('shortens a cue to leave 80 ms before the next one', () => {
    const timed = timeCues(
      [
        { startMs: 0, endMs: 2000 },
        { startMs: 2010, endMs: 4000 },
      ],
      { outTimePaddingMs: OUT_TIME_PADDING_MS },
    );
    expect(timed[0]?.endMs).toBe(2010 - MIN_GAP_MS);
  });
});

describe('reading-speed plans on any cues', () => {
  const cues = speech.map((spans) =>
    spans.map((span, index) => ({
      ...span,
      text: `Cue number ${index} talks about the weather in Amsterdam today.`,
    })),
  );

  it('keep gaps, durations and the BBC limits, and never change words that carry meaning', () => {
    fc.assert(
      fc.property(cues, fc.constantFrom('20', '17', '15' as const), (source, plan) => {
        const timed = timeCues(source, { outTimePaddingMs: 0 }).map((span, index) => ({
          ...span,
          text: source[index]?.text ?? '',
        }));
        const result = applyReadingSpeedPlan(timed, { plan, language: 'en' });
        result.cues.forEach((cue, index) => {
          const original = timed[index] ?? cue;
          expect(cue.text.replaceAll('\n', ' ')).toBe(original.text);
          expect(cue.endMs - cue.startMs).toBeLessThanOrEqual(MAX_CUE_MS);
          expect(cue.startMs).toBeGreaterThanOrEqual(original.startMs - MAX_LEAD_MS);
          expect(cue.endMs).toBeLessThanOrEqual(original.endMs + MAX_LINGER_MS);
          const next = result.cues[index + 1];
          if (next) expect(next.startMs - cue.endMs).toBeGreaterThanOrEqual(MIN_GAP_MS);
        });
      }),
    );
  });
});
