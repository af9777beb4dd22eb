import { afterAll, describe, expect, it } from 'vitest';
import { feedLinesYielding } from '../../../shared/subtitles/text-lines';
import { payingUser, postMultipart, testApp } from '../../../test/support/http';

/**
 * Security hole 5, subtitle files: a file past a limit is refused with the limit in plain words, on
 * the path the forms send a hardcode upload's subtitles to before the video (free, no video needed),
 * and a large file is read without holding the server's other requests.
 */
const { app, call } = await testApp();
const user = await payingUser(call, 'subtitle-limits');
afterAll(() => app.close());

const stamp = (ms: number) => new Date(ms).toISOString().slice(11, 23).replace('.', ',');
const srtCue = (index: number, text: string) =>
  `${index + 1}\n${stamp(index * 1000)} --> ${stamp(index * 1000 + 900)}\n${text}\n`;

function sendSubtitles(name: string, content: string) {
  return postMultipart(app, '/api/videos/uploads/srt', user.token, [
    { name: 'fileSub', filename: name, content },
  ]);
}

describe('the limits of a subtitle file', () => {
  it('refuses more than 5,000 subtitles, naming the line of the first one too many', async () => {
    const srt = Array.from({ length: 5001 }, (_, index) => srtCue(index, 'Hi')).join('\n');
    const answer = await sendSubtitles('many.srt', srt);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe('Line 20002: a subtitle file may hold at most 5,000 subtitles');
  });

  it('refuses a subtitle line longer than 500 characters, naming it', async () => {
    const srt = [srtCue(0, 'Fine'), srtCue(1, 'x'.repeat(501))].join('\n');
    const answer = await sendSubtitles('long.srt', srt);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe('Line 7: a subtitle line may hold at most 500 characters');
  });

  it('refuses a subtitle of more than 500 characters over its lines', async () => {
    const vtt = `WEBVTT\n\n00:01.000 --> 00:02.000\n${'y'.repeat(300)}\n${'z'.repeat(300)}\n`;
    const answer = await sendSubtitles('long.vtt', vtt);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe('Line 5: a subtitle may hold at most 500 characters');
  });

  it('refuses more than 300,000 characters of text in all', async () => {
    const srt = Array.from({ length: 700 }, (_, index) => srtCue(index, 'w'.repeat(450))).join('\n');
    const answer = await sendSubtitles('much.srt', srt);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe(
      'Line 2667: a subtitle file may hold at most 300,000 characters of text',
    );
  });

  it('refuses a line of the file longer than 20,000 characters, even one that shows nothing', async () => {
    const drawing = `{\\p1}${'m 0 0 l 100 0 '.repeat(2000)}{\\p0}`;
    const ass = `[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,${drawing}Hi\n`;
    const answer = await sendSubtitles('drawn.ass', ass);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe(
      'Line 2: a line of a subtitle file may hold at most 20,000 characters',
    );
  });

  it('refuses a file over 10 MB before reading it', async () => {
    const answer = await sendSubtitles('huge.srt', `${srtCue(0, 'Hi')}\n${'\n'.repeat(10 * 1024 * 1024)}`);
    expect(answer.status).toBe(400);
    expect(answer.body.error.message).toBe('The subtitle file is larger than 10 MB.');
  });

  it('takes a file within every limit', async () => {
    const srt = Array.from({ length: 5000 }, (_, index) => srtCue(index, 'v'.repeat(50))).join('\n');
    const answer = await sendSubtitles('full.srt', srt);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });
});

/** The slowest answer of /api/health, asked again and again while `work` runs. */
async function slowestHealthWhile(work: Promise<unknown>): Promise<number> {
  let done = false;
  void work.finally(() => {
    done = true;
  });
  let slowest = 0;
  while (!done) {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    slowest = Math.max(slowest, performance.now() - started);
  }
  return slowest;
}

describe('a large subtitle file', () => {
  it('does not hold /api/health while 5 MB of tiny cues are read', async () => {
    const cues: string[] = [];
    let bytes = 0;
    for (let index = 0; bytes < 5 * 1024 * 1024; index++) {
      const cue = `${index + 1}\n00:00:01,000 --> 00:00:01,500\n.\n`;
      cues.push(cue);
      bytes += cue.length + 1;
    }
    const upload = sendSubtitles('tiny.srt', cues.join('\n'));
    const slowest = await slowestHealthWhile(upload);
    expect((await upload).status).toBe(400);
    // Generous for a loaded machine: reading the whole file at once held it for 8.9 s.
    expect(slowest).toBeLessThan(1000);
  });

  it('does not hold /api/health while 5 MB that count toward no limit are read to the end', async () => {
    const notes = Array.from({ length: 80_000 }, (_, index) => `NOTE comment number ${index} on this file`);
    const vtt = `WEBVTT\n\n${notes.join('\n\n')}\n\n00:01.000 --> 00:02.000\nThe only subtitle\n`;
    expect(vtt.length).toBeGreaterThan(3 * 1024 * 1024);
    const upload = sendSubtitles('notes.vtt', vtt);
    const slowest = await slowestHealthWhile(upload);
    expect((await upload).status).toBe(200);
    expect(slowest).toBeLessThan(1000);
  });
});

describe('reading a large subtitle text', () => {
  it('lets other work run between its stretches, however long the text', async () => {
    const text = Array.from({ length: 1_000_000 }, (_, index) => `NOTE comment ${index}`).join('\n\n');
    let lines = 0;
    let turns = 0;
    let reading = true;
    const other = () => {
      turns += 1;
      if (reading) setTimeout(other, 0);
    };
    setTimeout(other, 0);
    await feedLinesYielding(text, {
      read: () => {
        lines += 1;
      },
    });
    reading = false;
    expect(lines).toBeGreaterThan(1_000_000);
    // Read in one go, nothing else would run until the end: the other work gets no turn at all.
    expect(turns).toBeGreaterThan(3);
  });
});
