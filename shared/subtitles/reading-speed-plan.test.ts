import { describe, expect, it } from 'vitest';
import type { Cue } from './cue';
import { charactersPerSecond } from './reading-speed';
import { applyReadingSpeedPlan } from './reading-speed-plan';
import { MAX_CUE_MS, MAX_LEAD_MS, MAX_LINGER_MS, MIN_GAP_MS } from './standards';

/**
 * Dense conversational English as a recogniser transcribes it: each line spoken in about two seconds
 * (over 30 characters per second), a second or more of silence between lines. Beside each line, the
 * words that carry its meaning: no plan may drop them.
 */
const CONVERSATION: [text: string, meaning: string][] = [
  ['Um, so, you know, I I think we should really go to the market today.', 'think should go market today'],
  ['Well, I mean, the thing is that we do not have a lot of money right now.', 'thing not money now'],
  ["Yeah, but, uh, we were able to save some money last month, weren't we?", 'save money last month'],
  ["Okay, so, basically, I'm going to call my sister and ask her for help.", 'call sister ask help'],
  ['I mean, she she is always, like, really busy with her work these days.', 'she always busy work days'],
  [
    'Due to the fact that she works nights, she sleeps until noon, you know.',
    'works nights sleeps until noon',
  ],
  ['Right, right. Uh, and what about your brother? Could he lend us some?', 'what brother could lend'],
  // "now" or the wordy "at this point in time" it shortens to, whichever the plan needed.
  ['Honestly, he he does not answer his phone at this point in time, so no.', 'not answer phone now|time no'],
  [
    'Hmm, okay. In order to pay the rent, we need about six hundred euros.',
    'pay rent need six hundred euros',
  ],
  ['So, um, what if we, like, sell the old bike that is in the garage?', 'what if sell old bike garage'],
  ['That is actually a really good idea, I did not think of that at all.', 'good idea not think'],
  [
    'Uh, I can put it online tonight, and, um, maybe someone buys it soon.',
    'put online tonight maybe someone buys soon',
  ],
  ['Well, you know, the majority of people want bikes in the spring.', 'people want bikes spring'],
  ['It is spring now, though, so I think we have a pretty good chance.', 'spring now think good chance'],
  ['Yeah, yeah. And, um, I will also ask at work if anyone needs a bike.', 'also ask work anyone needs bike'],
  [
    "Great. So, uh, I'll take some photos of it, like, tomorrow morning.",
    'great take photos tomorrow morning',
  ],
  ['Make sure that you clean it first, because it is, uh, really dirty.', 'sure clean first because dirty'],
  ['Of course, of course. I will wash it with the hose in the backyard.', 'course wash hose backyard'],
  ['Okay, and, um, let us not forget to check the tires, they are flat.', 'not forget check tires flat'],
  ['Right, so, I mean, I can pump them up, I have a pump in the car.', 'can pump up have pump car'],
];

function conversationCues(): Cue[] {
  let time = 1000;
  return CONVERSATION.map(([text], index) => {
    const duration = 1900 + (index % 4) * 100;
    const cue = { startMs: time, endMs: time + duration, text };
    time += duration + 1000 + (index % 3) * 300;
    return cue;
  });
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];

describe('the 17 plan on dense conversational English', () => {
  const source = conversationCues();
  const result = applyReadingSpeedPlan(source, { plan: '17', language: 'en' });

  it('starts from speech over 30 characters per second with gaps between cues', () => {
    for (const cue of source) expect(charactersPerSecond(cue)).toBeGreaterThan(29);
    expect(source.reduce((sum, cue) => sum + charactersPerSecond(cue), 0) / source.length).toBeGreaterThan(
      30,
    );
  });

  it('brings at least 90% of cues within 17 characters per second', () => {
    const within = result.cues.filter((cue) => charactersPerSecond(cue) <= 17.005).length;
    expect(within / result.cues.length).toBeGreaterThanOrEqual(0.9);
    expect(result.compliance.withinCap).toBe(within);
    expect(result.compliance.overCap).toBe(result.cues.length - within);
  });

  it('keeps every word that carries meaning, in every cue, with the 17 and the stricter 15 plan', () => {
    const strictest = applyReadingSpeedPlan(source, { plan: '15', language: 'en' });
    for (const cues of [result.cues, strictest.cues]) {
      cues.forEach((cue, index) => {
        const said = words(cue.text);
        const kept = new Set(
          said.flatMap((word) => [word, word.replace(/n't$/, ''), word.replace(/'\w+$/, '')]),
        );
        for (const word of (CONVERSATION[index]?.[1] ?? '').split(' ')) {
          const negation = word === 'not' && said.some((candidate) => candidate.endsWith("n't"));
          const found = word.split('|').some((alternative) => kept.has(alternative));
          expect(found || negation, `"${word}" in "${cue.text}"`).toBe(true);
        }
      });
    }
  });

  it('uses the time around cues within the Netflix and BBC limits', () => {
    result.cues.forEach((cue, index) => {
      const original = source[index];
      const next = result.cues[index + 1];
      if (!original) throw new Error('cue count changed');
      expect(cue.endMs - cue.startMs).toBeLessThanOrEqual(MAX_CUE_MS);
      expect(cue.startMs).toBeGreaterThanOrEqual(original.startMs - MAX_LEAD_MS);
      expect(cue.endMs).toBeLessThanOrEqual(original.endMs + MAX_LINGER_MS);
      if (next) expect(next.startMs - cue.endMs).toBeGreaterThanOrEqual(MIN_GAP_MS);
    });
    expect(result.extendedCues).toBeGreaterThan(15);
  });

  it('keeps cues on at most two lines of 42 characters', () => {
    for (const cue of result.cues) {
      const lines = cue.text.split('\n');
      expect(lines.length).toBeLessThanOrEqual(2);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(42);
    }
  });
});

describe('applyReadingSpeedPlan', () => {
  it('full-text leaves every cue exactly as it was', () => {
    const source = conversationCues();
    const result = applyReadingSpeedPlan(source, { plan: 'full-text', language: 'en' });
    expect(result.cues).toEqual(source);
    expect(result.compliance).toMatchObject({ capCps: null, shareWithinCap: 1, overCap: 0 });
    expect(result.compliance.maxCps).toBeGreaterThan(30);
  });

  it('first gives a cue the time of the gap after it, changing no word', () => {
    const cues: Cue[] = [
      { startMs: 0, endMs: 2000, text: 'The train to Amsterdam leaves from platform nine.' },
      { startMs: 6000, endMs: 8000, text: 'Thank you.' },
    ];
    const result = applyReadingSpeedPlan(cues, { plan: '20', language: 'en' });
    expect(result.cues[0]).toEqual({ startMs: 0, endMs: 2450, text: cues[0]?.text });
    expect(result.condensedCues).toBe(0);
  });

  it('then starts a cue earlier where the gap before it allows, at most 0.5 s before its speech', () => {
    const cues: Cue[] = [
      { startMs: 0, endMs: 1000, text: 'Hi.' },
      { startMs: 3000, endMs: 5000, text: 'The train to Amsterdam leaves from platform nine.' },
      { startMs: 5100, endMs: 6000, text: 'Thanks.' },
    ];
    const [first, middle] = applyReadingSpeedPlan(cues, { plan: '17', language: 'en' }).cues;
    if (!first || !middle) throw new Error('cues missing');
    expect(middle.endMs).toBe(5100 - MIN_GAP_MS);
    // The gap would allow 2.1 s, reaching the cap; the words are not spoken before 3 s, so 2.5 s.
    expect(middle.startMs).toBe(2500);
    expect(middle.startMs).toBeGreaterThan(first.endMs + MIN_GAP_MS);
    expect(charactersPerSecond(middle)).toBeGreaterThan(17);
    expect(middle.text).toBe(cues[1]?.text);
  });

  it('leaves a cue that cannot be shortened slightly over the cap, and counts it', () => {
    const cues: Cue[] = [
      { startMs: 0, endMs: 1000, text: 'Seven hungry cats chased two mice.' },
      { startMs: 1080, endMs: 3000, text: 'Next.' },
    ];
    const result = applyReadingSpeedPlan(cues, { plan: '15', language: 'en' });
    expect(result.cues[0]?.text).toBe(cues[0]?.text);
    expect(result.compliance.overCap).toBe(1);
    expect(result.compliance.shareWithinCap).toBe(0.5);
  });

  it('notes how much stricter the cap is for Chinese, Japanese and Korean', () => {
    const cues: Cue[] = [{ startMs: 0, endMs: 2000, text: '我们明天去北京。' }];
    const chinese = applyReadingSpeedPlan(cues, { plan: '17', language: 'zh' });
    expect(chinese.compliance.note).toContain('2.6 times stricter');
    expect(applyReadingSpeedPlan(cues, { plan: '17', language: 'en' }).compliance.note).toBeNull();
    expect(applyReadingSpeedPlan(cues, { plan: 'full-text', language: 'ja' }).compliance.note).toBeNull();
  });
});
