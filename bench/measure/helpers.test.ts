import { describe, expect, it } from 'vitest';
import { burnInArgs } from '../../server/media/burn-in-args';
import { parseSsim, withEncoder } from './encoder-variants';
import { indexesUsed, scansWholeTable } from './explain';
import { judgeModels } from './model-verdict';
import { pollLatencies } from './poll-latency';

describe('encoder variants of the product command', () => {
  const args = burnInArgs({
    input: 'in.mp4',
    output: 'out.mp4',
    assFile: 'a.ass',
    fontsDir: 'f',
    copyAudio: true,
    threads: 2,
  });

  const differences = (changed: string[]) =>
    changed.flatMap((value, index) => (value === args[index] ? [] : [[args[index], value]]));

  it('changes only preset, CRF, x264 parameters and threads', () => {
    const changed = withEncoder(args, {
      label: 'x',
      preset: 'superfast',
      crf: 20,
      x264Params: 'subme=1',
      threads: 0,
    });
    expect(changed.length).toBe(args.length);
    expect(differences(changed)).toEqual([
      ['veryfast', 'superfast'],
      ['22', '20'],
      ['subme=0:partitions=i8x8,i4x4', 'subme=1'],
      ['3', '0'],
    ]);
  });

  it("keeps the product's threads when the variant names none", () => {
    const changed = withEncoder(args, { label: 'x', preset: 'veryfast', crf: 22, x264Params: 'subme=0' });
    expect(changed[changed.indexOf('-threads') + 1]).toBe('3');
  });

  it('drops the x264 parameters for a variant without any, and adds them back after the CRF', () => {
    const changed = withEncoder(args, { label: 'x', preset: 'medium', crf: 23, threads: 0 });
    expect(changed).not.toContain('-x264-params');
    expect(changed.length).toBe(args.length - 2);
    const again = withEncoder(changed, { label: 'y', preset: 'medium', crf: 23, x264Params: 'ref=2' });
    expect(again.slice(again.indexOf('-crf'), again.indexOf('-crf') + 4)).toEqual([
      '-crf',
      '23',
      '-x264-params',
      'ref=2',
    ]);
  });

  it('reads the overall SSIM from ffmpeg', () => {
    expect(
      parseSsim('[Parsed_ssim_0 @ 0x1] SSIM Y:0.99 (20.1) U:0.98 (19) V:0.98 (19) All:0.985123 (18.3)'),
    ).toBe(0.985123);
    expect(() => parseSsim('nothing')).toThrow();
  });
});

describe('query plans', () => {
  const plan = `Limit
  ->  Index Scan Backward using videos_company_created_idx on videos
  ->  Bitmap Index Scan on videos_filename_trgm_idx
  ->  Index Only Scan using videos_company_created_idx on videos`;

  it('names each index read once', () => {
    expect(indexesUsed(plan)).toEqual(['videos_company_created_idx', 'videos_filename_trgm_idx']);
  });

  it('spots a sequential scan of the table', () => {
    expect(scansWholeTable(plan, 'videos')).toBe(false);
    expect(scansWholeTable('Seq Scan on videos  (cost=0.00..1.00)', 'videos')).toBe(true);
    expect(scansWholeTable('Seq Scan on videos_archive', 'videos')).toBe(false);
  });
});

describe('which Whisper model may be measured', () => {
  it('never measures a test model without weights, and says why', () => {
    const verdict = judgeModels([
      { file: '/m/test.bin', origin: 'WHISPER_MODEL', sha256: 'a', sha1: 'x', weightless: true },
    ]);
    expect(verdict.kind).toBe('none');
    expect(verdict.kind === 'none' && verdict.reason).toMatch(/test model without weights/);
  });

  it('says when there is no model at all, or the file is missing', () => {
    expect(judgeModels([])).toMatchObject({ kind: 'none' });
    const missing = judgeModels([
      { file: '/nope.bin', origin: 'WHISPER_MODEL', sha256: null, sha1: null, weightless: false },
    ]);
    expect(missing.kind === 'none' && missing.reason).toMatch(/does not exist/);
  });

  it('names a published model by its checksum', () => {
    const verdict = judgeModels([
      {
        file: '/m/base.bin',
        origin: 'x',
        sha256: 'a',
        sha1: '465707469ff3a37a2b9b8d8f89f2f99de7299dac',
        weightless: false,
      },
    ]);
    expect(verdict).toEqual({ kind: 'trained', file: '/m/base.bin', name: 'base' });
  });
});

describe('latency of the polling client', () => {
  it('waits for the first poll that shows the change', () => {
    const polls = [
      { at: 100, counter: 0 },
      { at: 2100, counter: 2 },
      { at: 4100, counter: 3 },
    ];
    const changes = [
      { at: 50, counter: 1 },
      { at: 1000, counter: 2 },
      { at: 3000, counter: 3 },
      { at: 5000, counter: 4 },
    ];
    expect(pollLatencies(changes, polls)).toEqual([2050, 1100, 1100]);
  });
});
