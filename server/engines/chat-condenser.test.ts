import { afterAll, describe, expect, it } from 'vitest';
import { applyReadingSpeedPlanWithCondenser } from '../../shared/subtitles';
import { startFakeChatCompletions } from '../../test/fakes/chat-completions';
import { createChatCondenser } from './chat-condenser';

// The fake "model" keeps a cue's last five words, except for the committee cue, where it invents.
let lastAnswer = '';
const fake = await startFakeChatCompletions((subtitle) => {
  lastAnswer = subtitle.includes('committee')
    ? 'The dragons voted on Friday.'
    : subtitle.split(' ').slice(-5).join(' ');
  return lastAnswer;
});
afterAll(() => fake.close());

const dense = (text: string) => ({ startMs: 0, endMs: 2000, text });

describe('the chat condenser', () => {
  it('shortens a cue still over the cap and the plan accepts the checked answer', async () => {
    const condenser = createChatCondenser({ url: `${fake.url}/v1`, model: 'small-model', apiKey: 'key' });
    const cue = dense(
      'So what I was basically trying to say to all of you over there is that we really need to leave right now.',
    );
    const result = await applyReadingSpeedPlanWithCondenser([cue], { plan: '17', language: 'en', condenser });
    expect(lastAnswer.split(' ')).toHaveLength(5);
    expect(result.cues[0]?.text.replace(/\n/g, ' ')).toBe(lastAnswer);
    expect(result.condenser).toMatchObject({ asked: 1, accepted: 1 });
    expect(fake.requests.at(-1)?.path).toBe('/v1/chat/completions');
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer key');
  });

  it('keeps the cue when the answer adds new content', async () => {
    const condenser = createChatCondenser({ url: `${fake.url}/v1/chat/completions`, model: 'small-model' });
    const text =
      'Honestly the committee members had decided that the proposal would be accepted next Tuesday.';
    const result = await applyReadingSpeedPlanWithCondenser([dense(text)], {
      plan: '15',
      language: 'en',
      condenser,
    });
    expect(result.condenser.rejected).toHaveLength(1);
    expect(result.cues[0]?.text.replace(/\n/g, ' ')).not.toContain('dragons');
  });

  it('fails softly when the endpoint is down', async () => {
    const condenser = createChatCondenser({ url: 'http://127.0.0.1:9/v1', model: 'x', timeoutMs: 2000 });
    const result = await applyReadingSpeedPlanWithCondenser(
      [
        dense(
          'So what I was basically trying to say to all of you over there is that we really need to leave right now.',
        ),
      ],
      { plan: '17', language: 'en', condenser },
    );
    expect(result.condenser.rejected).toHaveLength(1);
    expect(result.cues).toHaveLength(1);
  });
});
