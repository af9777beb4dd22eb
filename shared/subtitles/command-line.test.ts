import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSubtitlesCommand } from './command-line';
import { parseSrt } from './srt-parse';

const GOOD =
  '1\n00:00:01,000 --> 00:00:03,000\nHello there.\n\n2\n00:00:04,000 --> 00:00:05,000\nUm, so, you know, I I think we should go.\n\n' +
  '3\n00:00:05,100 --> 00:00:06,000\nOkay.\n';
const REVERSED = '1\n00:00:01,000 --> 00:00:02,000\nOne\n\n2\n00:00:04,000 --> 00:00:03,000\nTwo\n';

function run(args: string[], files: Record<string, string | Uint8Array>) {
  return runSubtitlesCommand(args, (path) => {
    const content = files[path];
    if (content === undefined) throw new Error(`no file ${path}`);
    return typeof content === 'string' ? new TextEncoder().encode(content) : content;
  });
}

describe('subtitles validate', () => {
  it('says OK in one line', () => {
    expect(run(['validate', 'good.srt'], { 'good.srt': GOOD })).toEqual({
      exitCode: 0,
      stdout: 'OK: good.srt: 3 cues, 00:00:01,000 to 00:00:06,000\n',
      stderr: '',
    });
  });

  it('refuses a reversed cue and names its line', () => {
    const outcome = run(['validate', 'bad.srt'], { 'bad.srt': REVERSED });
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stderr).toBe('bad.srt: Line 6: end time 00:00:03,000 is before start time 00:00:04,000\n');
  });

  it('refuses a file that is not UTF-8', () => {
    const outcome = run(['validate', 'latin1.srt'], { 'latin1.srt': new Uint8Array([0x31, 0x0a, 0xe9]) });
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stderr).toContain('Line 2: the file is not valid UTF-8');
  });
});

describe('subtitles reflow and stats', () => {
  it('writes reflowed SRT for a plan and reports what the plan achieved', () => {
    const outcome = run(['reflow', '--plan', '17', '--lang', 'en', 'good.srt'], { 'good.srt': GOOD });
    expect(outcome.exitCode).toBe(0);
    const cues = parseSrt(outcome.stdout);
    expect(cues.map((cue) => cue.text)).toEqual(['Hello there.', 'I think we should go.', 'Okay.']);
    expect(outcome.stderr).toMatch(/^plan 17: 100\.0% of 3 cues within 17 cps \(0 over\)/);
  });

  it('changes no word with the full-text plan', () => {
    const outcome = run(['reflow', '--plan=full-text', '--lang=en', 'good.srt'], { 'good.srt': GOOD });
    expect(parseSrt(outcome.stdout).map((cue) => cue.text.replaceAll('\n', ' '))).toEqual(
      parseSrt(GOOD).map((cue) => cue.text),
    );
  });

  it('prints the reading speed against every plan', () => {
    const outcome = run(['stats', 'good.srt'], { 'good.srt': GOOD });
    expect(outcome.exitCode).toBe(0);
    expect(outcome.stdout).toContain('cues: 3');
    expect(outcome.stdout).toContain('plan 20: 66.7% of 3 cues within 20 cps (1 over)');
    expect(outcome.stdout).toContain('plan 15:');
  });

  it('explains its usage on a wrong command line', () => {
    for (const args of [
      [],
      ['reflow', 'good.srt'],
      ['reflow', '--plan', '12', '--lang', 'en', 'good.srt'],
      ['stats', '--lang', 'xx', 'a'],
    ]) {
      const outcome = run(args, { 'good.srt': GOOD });
      expect(outcome.exitCode, args.join(' ')).toBe(2);
      expect(outcome.stderr).toContain('Usage:');
    }
  });
});

describe('scripts/subtitles.ts', () => {
  it('exits non-zero with the line number when validating a reversed cue', () => {
    const folder = mkdtempSync(join(tmpdir(), 'subtitles-'));
    const file = join(folder, 'reversed.srt');
    writeFileSync(file, REVERSED);
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/subtitles.ts', 'validate', file],
      {
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Line 6: end time 00:00:03,000 is before start time 00:00:04,000');
  });
});
