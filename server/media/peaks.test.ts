import { describe, expect, it } from 'vitest';
import { PeaksReducer, peaksArgs } from './peaks';

/** Samples as s16le bytes. */
const pcm = (...samples: number[]) => {
  const buffer = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, index) => {
    buffer.writeInt16LE(sample, index * 2);
  });
  return buffer;
};

describe('peaks', () => {
  it('decodes only the first audio track, mono, to raw PCM on stdout', () => {
    const args = peaksArgs('/in.mp4', 8000);
    expect(args.join(' ')).toContain(
      '-i /in.mp4 -map 0:a:0 -vn -sn -dn -ac 1 -ar 8000 -c:a pcm_s16le -f s16le pipe:1',
    );
  });

  it('keeps a min and a max per bucket, scaled to the loudest sample, whatever the chunking', () => {
    const samples = [100, -200, 300, -400, 1000, 50, -2000, 10];
    const whole = new PeaksReducer(2, 8);
    whole.push(pcm(...samples));
    // The same bytes cut at odd places: a sample split across chunks.
    const split = new PeaksReducer(2, 8);
    const bytes = pcm(...samples);
    for (const [start, end] of [
      [0, 3],
      [3, 4],
      [4, 11],
      [11, 16],
    ] as const)
      split.push(bytes.subarray(start, end));
    const expected = { samplesPerSecond: 2, peaks: [-0.2, 0.15, -1, 0.5] };
    expect(whole.finish()).toEqual(expected);
    expect(split.finish()).toEqual(expected);
  });

  it('puts silence before a track that starts late, and answers zeros for a silent one', () => {
    const late = new PeaksReducer(2, 4, 1);
    late.push(pcm(0, 0, 0, 0));
    expect(late.finish()).toEqual({ samplesPerSecond: 2, peaks: [0, 0, 0, 0, 0, 0, 0, 0] });
    expect(new PeaksReducer().finish()).toEqual({ samplesPerSecond: 40, peaks: [] });
  });

  it('grows past its first buffer without losing buckets', () => {
    const reducer = new PeaksReducer(40, 80);
    const seconds = 300;
    const samples = Array.from({ length: seconds * 80 }, (_, index) => (index % 2 ? 16000 : -32000));
    reducer.push(pcm(...samples));
    const { peaks } = reducer.finish();
    expect(peaks).toHaveLength(seconds * 40 * 2);
    expect(peaks.slice(-2)).toEqual([-1, 0.5]);
  });
});
