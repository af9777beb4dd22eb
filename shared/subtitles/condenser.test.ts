import { describe, expect, it } from 'vitest';
import { type CondenseRequest, checkCondensedText } from './condenser';
import type { Cue } from './cue';
import { charactersPerSecond } from './reading-speed';
import { applyReadingSpeedPlanWithCondenser } from './reading-speed-plan';

describe('checkCondensedText', () => {
  const original = 'The committee has decided that the meeting will be postponed until next Thursday.';

  it('accepts a shorter answer in the same words', () => {
    expect(
      checkCondensedText(original, 'The committee postponed the meeting until next Thursday.', 'en'),
    ).toEqual({
      accepted: true,
      text: 'The committee postponed the meeting until next Thursday.',
    });
  });

  it('refuses an answer that is not shorter, or empty', () => {
    expect(checkCondensedText(original, `${original} Really.`, 'en')).toEqual({
      accepted: false,
      reason: 'the answer is not shorter',
    });
    expect(checkCondensedText(original, '  ', 'en')).toMatchObject({
      accepted: false,
      reason: 'the answer is empty',
    });
  });

  it('refuses an answer that adds a fact or a number', () => {
    expect(
      checkCondensedText(original, 'The committee postponed the meeting until Friday.', 'en'),
    ).toMatchObject({
      accepted: false,
      reason: 'the answer adds "friday"',
    });
    expect(checkCondensedText(original, 'Meeting postponed to 12 May.', 'en')).toMatchObject({
      accepted: false,
    });
  });

  it('refuses an answer in another language', () => {
    const dutch = 'De vergadering wordt uitgesteld tot volgende week donderdag, heeft de commissie besloten.';
    expect(checkCondensedText(dutch, 'The meeting is postponed until Thursday.', 'nl')).toMatchObject({
      accepted: false,
    });
    expect(checkCondensedText('我们明天去北京看长城。', '明日北京へ行く。', 'zh')).toEqual({
      accepted: false,
      reason: 'the answer is not in the same language',
    });
  });

  it('accepts words of the language lists and inflections of words already there', () => {
    const plans = 'I do not think that we are going to manage it today.';
    expect(checkCondensedText(plans, "I don't think we'll manage today.", 'en')).toMatchObject({
      accepted: true,
    });
    expect(checkCondensedText(plans, "I don't think we'll win today.", 'en')).toEqual({
      accepted: false,
      reason: 'the answer adds "win"',
    });
    expect(
      checkCondensedText(
        'I do not think that we are managing it today.',
        "I don't think we're managing today.",
        'en',
      ),
    ).toMatchObject({
      accepted: true,
    });
    expect(
      checkCondensedText('She explained the decision to everyone.', 'She explains the decision.', 'en'),
    ).toMatchObject({
      accepted: true,
    });
  });

  it('checks Chinese by its words', () => {
    expect(checkCondensedText('我们明天早上要去北京看长城。', '我们明天去看长城。', 'zh')).toMatchObject({
      accepted: true,
    });
    expect(checkCondensedText('我们明天早上要去北京看长城。', '我们明天去上海。', 'zh')).toMatchObject({
      accepted: false,
    });
  });
});

describe('applyReadingSpeedPlanWithCondenser', () => {
  const cues: Cue[] = [
    {
      startMs: 0,
      endMs: 2000,
      text: 'The committee has decided that the meeting\nwill be postponed until next Thursday.',
    },
    { startMs: 2080, endMs: 4000, text: 'Fine.' },
    { startMs: 4080, endMs: 6000, text: 'The river flooded the streets and squares of the old town.' },
    { startMs: 6080, endMs: 7000, text: 'Oh.' },
  ];

  it('asks only about cues still over the cap and uses answers that pass the check', async () => {
    const asked: CondenseRequest[] = [];
    const answers = new Map([
      [
        'The committee has decided that the meeting will be postponed until next Thursday.',
        'Meeting postponed until next Thursday.',
      ],
      ['The river flooded the streets and squares of the old town.', 'A flood hit Venice.'],
    ]);
    const result = await applyReadingSpeedPlanWithCondenser(cues, {
      plan: '20',
      language: 'en',
      condenser: async (request) => {
        asked.push(request);
        return answers.get(request.text) ?? request.text;
      },
    });
    expect(asked.map((request) => request.text)).toEqual([...answers.keys()]);
    expect(asked[0]).toMatchObject({
      language: 'en',
      maxCharacters: 40,
      previousText: null,
      nextText: 'Fine.',
    });
    expect(result.cues[0]?.text).toBe('Meeting postponed until next Thursday.');
    expect(
      charactersPerSecond(result.cues[0] ?? cues[0] ?? { startMs: 0, endMs: 1, text: '' }),
    ).toBeLessThanOrEqual(20);
    expect(result.cues[2]?.text).toBe(cues[2]?.text);
    expect(result.condenser).toEqual({
      asked: 2,
      accepted: 1,
      rejected: [{ cueIndex: 2, reason: 'the answer adds "hit"' }],
    });
    expect(result.compliance.overCap).toBe(1);
  });

  it('survives a condenser that fails', async () => {
    const result = await applyReadingSpeedPlanWithCondenser(cues, {
      plan: '20',
      language: 'en',
      condenser: async () => {
        throw new Error('timeout');
      },
    });
    expect(result.cues.map((cue) => cue.text)).toEqual(cues.map((cue) => cue.text));
    expect(result.condenser.rejected[0]?.reason).toBe('the condenser failed: timeout');
  });

  it('is not asked for the full-text plan', async () => {
    let calls = 0;
    const condenser = async (request: CondenseRequest) => {
      calls += 1;
      return request.text;
    };
    await applyReadingSpeedPlanWithCondenser(cues, { plan: 'full-text', language: 'en', condenser });
    expect(calls).toBe(0);
  });
});
