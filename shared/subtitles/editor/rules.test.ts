import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { OutputLanguage } from '../../languages';
import type { PlanId } from '../../plans';
import type { Cue } from '../cue';
import { isWithinCap } from '../reading-speed';
import { applyReadingSpeedPlan } from '../reading-speed-plan';
import type { TimedWord } from '../recognised-words';
import { reflowCues } from '../reflow';
import { parseSrt } from '../srt-parse';
import { wordsToCues } from '../words-to-cues';
import { docFromCues, type EditorDoc, setTiming, updateText } from './model';
import {
  cueProblems,
  nextProblem,
  type Problem,
  problemSummary,
  type RuleContext,
  type RuleId,
  readingSpeedLimit,
} from './rules';

const EN_17: RuleContext = { plan: '17', language: 'en' };

/** One cue with room around it, so only its own rules can fire. */
function one(text: string, durationMs = 5000): EditorDoc {
  return docFromCues([{ startMs: 10_000, endMs: 10_000 + durationMs, text }]);
}

function messages(doc: EditorDoc, context: RuleContext, rule?: RuleId): string[] {
  return [...cueProblems(doc, context).values()]
    .flat()
    .filter((problem) => rule === undefined || problem.rule === rule)
    .map((problem) => problem.message);
}

describe('cps', () => {
  it('reports characters per second over the cap with the figure', () => {
    expect(cueProblems(one('We really need to leave\nfor the airport now.', 1750), EN_17).get('c1')).toEqual([
      { rule: 'cps', cueId: 'c1', message: '24.6 cps > 17' },
    ]);
    expect(messages(one('We really need to leave for the airport.', 2400), EN_17)).toEqual([]);
  });

  it('gives the rounding tolerance the plan gives, and counts line breaks and formatting tags out', () => {
    // 40 characters in 2353 ms is 16.9996 cps, within 17 as isWithinCap rounds.
    expect(messages(one('We really need to leave for the airport.', 2353), EN_17)).toEqual([]);
    expect(messages(one('We really need to leave for the airport.', 2350), EN_17)).toEqual([
      '17.02 cps > 17',
    ]);
    // 39 characters read (47 typed) in 2294 ms: 17.0009 cps.
    expect(messages(one('<i>We really need to leave\nfor the airport.</i>', 2294), EN_17)).toEqual([]);
    expect(messages(one('<i>We really need to leave\nfor the airport.</i>', 2200), EN_17)).toEqual([
      '17.7 cps > 17',
    ]);
  });

  it('holds the full-text plan to no cap, and other plans to theirs', () => {
    const fast = one('We really need to leave\nfor the airport now.', 1000);
    expect(messages(fast, { plan: 'full-text', language: 'en' })).toEqual([]);
    expect(messages(fast, { plan: '20', language: 'en' })).toEqual(['43 cps > 20']);
  });

  it('counts every CJK character as one (the same cap per character)', () => {
    const text = '今日はとても良い天気\nですね、本当に。'; // 18 characters
    expect(messages(one(text, 1200), { plan: '15', language: 'ja' })).toEqual([]);
    expect(messages(one(text, 1000), { plan: '15', language: 'ja' })).toEqual(['18 cps > 15']);
  });
});

describe('own subtitles (plan null, hardcode mode)', () => {
  const OWN: RuleContext = { plan: null, language: 'en' };

  it('are held to 17 cps, the adult reading speed, unless the editor chose another', () => {
    // The case: 93 characters typed into a 1.76 s cue.
    const typed = one(
      'Everyone here kept saying the same thing again and again,\nwe should have left an hour ago, Al!',
      1760,
    );
    expect(messages(typed, OWN, 'cps')).toEqual(['52.8 cps > 17']);
    expect(readingSpeedLimit(OWN)).toBe(17);
    const at18 = one('a'.repeat(18), 1000);
    expect(messages(at18, OWN)).toEqual(['18 cps > 17']);
    expect(messages(at18, { ...OWN, ownCps: 20 })).toEqual([]);
    expect(messages(one('a'.repeat(17), 1000), OWN)).toEqual([]);
    expect(readingSpeedLimit({ plan: 'full-text' })).toBeNull();
    expect(readingSpeedLimit({ plan: '15', ownCps: 20 })).toBe(15);
  });

  it('are checked for minimum and maximum duration, gaps under two frames and overlaps', () => {
    const doc = docFromCues([
      { startMs: 0, endMs: 600, text: 'Hi.' },
      { startMs: 640, endMs: 8640, text: 'A long look at the sea.' },
      { startMs: 8000, endMs: 10_000, text: 'Back.' },
    ]);
    expect(cueProblems(doc, { ...OWN, fps: 25 })).toEqual(
      new Map([
        ['c1', [{ rule: 'minDuration', cueId: 'c1', message: '0.6 s < 0.83 s' }]],
        [
          'c2',
          [
            { rule: 'maxDuration', cueId: 'c2', message: '8 s > 7 s' },
            { rule: 'gap', cueId: 'c2', message: 'gap 1 frame < 2 frames' },
          ],
        ],
        ['c3', [{ rule: 'overlap', cueId: 'c3', message: 'overlaps cue 2' }]],
      ]),
    );
  });

  it('measure again only the typed cue after a keystroke, and all cues when the reading speed changes', () => {
    const doc = docFromCues([
      { startMs: 0, endMs: 1000, text: 'a'.repeat(18) },
      { startMs: 2000, endMs: 3000, text: 'b'.repeat(10) },
    ]);
    const before = cueProblems(doc, OWN);
    const typed = updateText(doc, 'c2', 'b'.repeat(19));
    const after = cueProblems(typed, OWN);
    expect(after.get('c1')?.[0]).toBe(before.get('c1')?.[0]);
    expect(after.get('c2')?.map((problem) => problem.message)).toEqual(['19 cps > 17']);
    expect(cueProblems(typed, { ...OWN, ownCps: 20 }).size).toBe(0);
  });
});

describe('lineLength', () => {
  it('reports the width of each line over the language width, with its number', () => {
    const doc = one('Short first line\nand a second line that is much too long to fit.');
    expect(messages(doc, EN_17)).toEqual(['47 characters > 42 in line 2']);
    expect(messages(one('a'.repeat(10)), EN_17)).toEqual([]);
  });

  it('takes a line holding one word wider than a line as the layout does: not over', () => {
    expect(messages(one('See https://example.com/a/very/long/address/to/read', 5000), EN_17)).toEqual([]);
  });

  it('counts Japanese full-width characters as 1 and half-width ones as 0.5, 13 a line', () => {
    expect(messages(one('今日はとても良い天気ですね'), { plan: null, language: 'ja' })).toEqual([]);
    expect(messages(one('今日はとても良い天気ですね。'), { plan: null, language: 'ja' })).toEqual([
      '14 characters > 13 in line 1',
    ]);
    expect(messages(one('ABCの番組はとても面白い'), { plan: null, language: 'ja' })).toEqual([]);
    expect(messages(one('ABCの番組はとても面白いです'), { plan: null, language: 'ja' })).toEqual([
      '13.5 characters > 13 in line 1',
    ]);
  });

  it('measures each cue in its own script (issue 35): one Japanese cue of an English file at 13, the English ones at 42', () => {
    const doc = docFromCues([
      { startMs: 0, endMs: 5000, text: 'Welcome to the show, everyone watching at home.' },
      { startMs: 6000, endMs: 11_000, text: 'We travel a long way today.' },
      { startMs: 12_000, endMs: 17_000, text: '今日はとても良い天気ですね。' },
    ]);
    const own = { plan: null, language: 'en' } as const;
    expect(cueProblems(doc, own).get('c1')).toEqual([
      { rule: 'lineLength', cueId: 'c1', message: '47 characters > 42 in line 1' },
    ]);
    expect(cueProblems(doc, own).get('c2')).toBeUndefined();
    expect(messages(docFromCues([doc[2] as Cue]), own)).toEqual(['14 characters > 13 in line 1']);
    // A mostly Japanese file holds an English cue to the English width, its Japanese ones to 13.
    const japanese = { plan: null, language: 'ja' } as const;
    expect(cueProblems(doc, japanese).get('c2')).toBeUndefined();
    expect(
      cueProblems(doc, japanese)
        .get('c3')
        ?.map((problem) => problem.message),
    ).toEqual(['14 characters > 13 in line 1']);
  });

  it('counts Korean spaces as 0.5, 16 a line', () => {
    expect(messages(one('오늘은 날씨가 정말 좋네요 그렇죠'), { plan: null, language: 'ko' })).toEqual([]);
    expect(messages(one('오늘은 날씨가 정말 정말 좋네요 그렇죠'), { plan: null, language: 'ko' })).toEqual([
      '18.5 characters > 16 in line 1',
    ]);
  });

  it('counts Thai by user-perceived characters (combining marks count with their letter), 35 a line', () => {
    const combining = 'ผู้ใหญ่ที่นี่ไม่ชอบกินน้ำแข็งใส่น้ำหวานที่ร้านนี้';
    expect(combining.length).toBeGreaterThan(35);
    expect(messages(one(combining), { plan: null, language: 'th' })).toEqual([]);
    expect(
      messages(one('ผมคิดว่าเราน่าจะไปตลาดวันนี้นะครับ เพราะของถูกมาก'), { plan: null, language: 'th' }),
    ).toEqual(['41 characters > 35 in line 1']);
  });
});

describe('lineCount', () => {
  it('reports more than 2 lines, counting the lines the SRT gets (blank ones dropped)', () => {
    expect(messages(one('One\nTwo\nThree'), EN_17)).toEqual(['3 lines > 2']);
    expect(messages(one('One\n\nTwo\n'), EN_17)).toEqual([]);
  });
});

describe('minDuration and maxDuration', () => {
  it('report the duration against 5/6 s and 7 s', () => {
    expect(messages(one('Hi.', 600), EN_17)).toEqual(['0.6 s < 0.83 s']);
    expect(messages(one('Hi.', 833), EN_17)).toEqual(['0.833 s < 0.834 s']);
    expect(messages(one('Hi.', 834), EN_17)).toEqual([]);
    expect(messages(one('Hi.', 7500), EN_17)).toEqual(['7.5 s > 7 s']);
    expect(messages(one('Hi.', 7000), EN_17)).toEqual([]);
  });

  it('apply to an empty cue, which has no cps or line problems', () => {
    expect(
      cueProblems(one('', 500), EN_17)
        .get('c1')
        ?.map((problem) => problem.rule),
    ).toEqual(['minDuration']);
  });
});

describe('overlap and gap', () => {
  const pair = (gapMs: number) =>
    docFromCues([
      { startMs: 0, endMs: 2000, text: 'First.' },
      { startMs: 2000 + gapMs, endMs: 4000 + gapMs, text: 'Second.' },
    ]);

  it('reports an overlap on the later cue, naming the cue it overlaps', () => {
    expect(cueProblems(pair(-500), EN_17)).toEqual(
      new Map([['c2', [{ rule: 'overlap', cueId: 'c2', message: 'overlaps cue 1' }]]]),
    );
    const inside = docFromCues([
      { startMs: 0, endMs: 6000, text: 'Long.' },
      { startMs: 1000, endMs: 2000, text: 'Short.' },
      { startMs: 3000, endMs: 4000, text: 'Also inside.' },
    ]);
    expect(messages(inside, EN_17, 'overlap')).toEqual(['overlaps cue 1', 'overlaps cue 1']);
  });

  it('reports a gap under 80 ms, in frames when the frame rate is known', () => {
    expect(messages(pair(40), EN_17)).toEqual(['gap 40 ms < 80 ms']);
    expect(messages(pair(40), { ...EN_17, fps: 25 })).toEqual(['gap 1 frame < 2 frames']);
    expect(messages(pair(0), { ...EN_17, fps: 25 })).toEqual(['gap 0 frames < 2 frames']);
    expect(messages(pair(80), { ...EN_17, fps: 24 })).toEqual([]);
  });
});

describe('shotChange', () => {
  const at = (startMs: number, endMs: number) => docFromCues([{ startMs, endMs, text: 'Hello.' }]);
  const near = (shotChangesMs: number[]) => ({ ...EN_17, fps: 25, shotChangesMs });

  it('reports an edge within 12 frames of a shot change, in frames and on which side', () => {
    expect(messages(at(10_040, 12_000), near([10_000]), 'shotChange')).toEqual([
      'starts 1 frame after a shot change',
    ]);
    expect(messages(at(9_600, 12_000), near([10_000]), 'shotChange')).toEqual([
      'starts 10 frames before a shot change',
    ]);
    expect(messages(at(8_000, 12_000), near([12_000]), 'shotChange')).toEqual(['ends on a shot change']);
    expect(messages(at(8_000, 12_200), near([12_000]), 'shotChange')).toEqual([
      'ends 5 frames after a shot change',
    ]);
  });

  it('accepts a start on a shot change, an end two frames before one, and edges 12 frames away', () => {
    expect(messages(at(10_000, 11_920), near([10_000, 12_000]))).toEqual([]);
    expect(messages(at(9_520, 12_480), near([10_000, 12_000]))).toEqual([]);
    expect(messages(at(10_040, 12_000), { ...EN_17, fps: 25 })).toEqual([]);
  });
});

describe('problemSummary and nextProblem', () => {
  const doc = docFromCues([
    { startMs: 0, endMs: 2000, text: 'Fine.' },
    { startMs: 2100, endMs: 2500, text: 'Too short.' },
    { startMs: 3000, endMs: 5000, text: 'Fine again.' },
    { startMs: 5020, endMs: 6000, text: 'One\nTwo\nThree' },
    { startMs: 7000, endMs: 9000, text: 'Fine.' },
  ]);
  const problems = cueProblems(doc, EN_17);

  it('counts problems by rule, every rule present', () => {
    expect(problemSummary(problems)).toEqual({
      cps: 1,
      lineLength: 0,
      lineCount: 1,
      minDuration: 1,
      maxDuration: 0,
      overlap: 0,
      gap: 1,
      shotChange: 0,
    });
    expect(problemSummary(new Map())).toEqual({
      cps: 0,
      lineLength: 0,
      lineCount: 0,
      minDuration: 0,
      maxDuration: 0,
      overlap: 0,
      gap: 0,
      shotChange: 0,
    });
  });

  it('finds the next cue with a problem, wrapping around', () => {
    expect(nextProblem(doc, problems, null)).toBe('c2');
    expect(nextProblem(doc, problems, 'c2')).toBe('c4');
    expect(nextProblem(doc, problems, 'c4')).toBe('c2');
    expect(nextProblem(doc, problems, 'unknown')).toBe('c2');
    const onlyOne = new Map<string, Problem[]>([['c4', problems.get('c4') ?? []]]);
    expect(nextProblem(doc, onlyOne, 'c4')).toBe('c4');
    expect(nextProblem(doc, new Map(), null)).toBeNull();
  });
});

describe('checking after edits', () => {
  it('sees the edited cue, unchanged cues and a changed context', () => {
    const doc = one('Hi.', 3000);
    expect(messages(doc, EN_17)).toEqual([]);
    const typed = updateText(doc, 'c1', 'Hi there, how are you doing today, my dear old friend?');
    expect(messages(typed, EN_17)).toEqual(['18 cps > 17', '54 characters > 42 in line 1']);
    expect(messages(typed, { plan: '20', language: 'en' })).toEqual(['54 characters > 42 in line 1']);
    expect(messages(setTiming(typed, 'c1', { endMs: 12_000 }), EN_17)).toContain('27 cps > 17');
    expect(messages(doc, EN_17)).toEqual([]);
  });
});

/**
 * The editor and the server's shaping agree: every cue `applyReadingSpeedPlan` leaves within the cap
 * has no cps problem, every cue it counts over has one, and no shaped cue has a line or timing problem.
 */
describe('agreement with the shaping', () => {
  function expectAgreement(source: readonly Cue[], plan: PlanId, language: OutputLanguage) {
    const shaped = applyReadingSpeedPlan(reflowCues(source, language), { plan, language });
    const doc = docFromCues(shaped.cues);
    const problems = cueProblems(doc, { plan, language });
    const summary = problemSummary(problems);
    // Nor does the shaping break the timing rules.
    expect(summary).toEqual({
      ...summary,
      lineLength: 0,
      lineCount: 0,
      minDuration: 0,
      maxDuration: 0,
      overlap: 0,
      gap: 0,
      shotChange: 0,
    });
    expect(summary.cps).toBe(shaped.compliance.overCap);
    const capCps = shaped.compliance.capCps;
    doc.forEach((cue) => {
      const flagged = problems.get(cue.id)?.some((problem) => problem.rule === 'cps') ?? false;
      expect(flagged).toBe(!isWithinCap(cue, capCps));
    });
    return { shaped, sourceProblems: problemSummary(cueProblems(docFromCues(source), { plan, language })) };
  }

  const denseEnglish = parseSrt(readFileSync(new URL('../fixtures/dense-en.srt', import.meta.url), 'utf8'));

  it.each(['20', '17', '15'] as const)('on dense English speech, plan %s', (plan) => {
    const { shaped, sourceProblems } = expectAgreement(denseEnglish, plan, 'en');
    // Not vacuous: the source breaks both rules, and the plan keeps most cues within the cap.
    expect(sourceProblems.lineLength).toBeGreaterThan(0);
    expect(sourceProblems.cps).toBeGreaterThan(0);
    // Both sides are tested: cues the plan brought within the cap and cues it left over.
    expect(shaped.compliance.withinCap).toBeGreaterThan(0);
    expect(shaped.compliance.overCap).toBeGreaterThan(0);
  });

  it('on cues made from recognised words (the generate pipeline), plan 17', () => {
    const sentences = [
      'So, um, what we are going to look at today is how the new catalogue sold in the spring.',
      'Sales went up by twelve percent in Berlin, which is honestly a really great result for the team.',
      'We did not expect that, you know, because every single store had a long and very hard winter.',
      "Maria's team in Lisbon did a fantastic job with the displays and the new opening hours.",
      'Now, the costs were a little higher as well, about three million euros so far this year.',
    ];
    const words: TimedWord[] = [];
    let time = 0.5;
    for (const sentence of sentences) {
      for (const word of sentence.split(' ')) {
        words.push({ text: word, start: time, end: time + 0.22 });
        time += 0.27;
      }
      time += 1.2;
    }
    const cues = wordsToCues(words, { language: 'en' });
    const { shaped, sourceProblems } = expectAgreement(cues, '17', 'en');
    expect(sourceProblems.cps).toBeGreaterThan(0);
    expect(shaped.compliance.withinCap).toBeGreaterThan(shaped.compliance.overCap);
  });

  it('on Japanese, plan 15', () => {
    const japanese: Cue[] = [
      '今日はとても良い天気なので、公園に散歩に行きましょう。',
      'そうですね、でも午後から雨が降るかもしれないと天気予報で言っていましたよ。',
      'じゃあ、傘を持って行けば大丈夫だと思います。',
      'お弁当も作りましょうか。サンドイッチとおにぎり、どちらがいいですか。',
    ].map((text, index) => ({ startMs: 1000 + index * 4000, endMs: 3500 + index * 4000, text }));
    const { shaped, sourceProblems } = expectAgreement(japanese, '15', 'ja');
    expect(sourceProblems.lineLength).toBeGreaterThan(0);
    expect(shaped.compliance.withinCap).toBe(shaped.cues.length);
  });
});
