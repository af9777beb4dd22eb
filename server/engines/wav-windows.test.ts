import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speechSampleWav } from '../../test/support/fixtures';
import { openPcmWav, quietestCut, SAMPLE_RATE } from './wav-windows';

const SPEECH_WAV = speechSampleWav();

function wavHeader(options: {
  rate: number;
  channels: number;
  dataBytes: number;
  extraChunk?: boolean;
}): Buffer {
  const extra = options.extraChunk
    ? Buffer.concat([Buffer.from('LIST'), Buffer.from([4, 0, 0, 0]), Buffer.from('INFO')])
    : Buffer.alloc(0);
  const format = Buffer.alloc(24);
  format.write('fmt ', 0, 'latin1');
  format.writeUInt32LE(16, 4);
  format.writeUInt16LE(1, 8);
  format.writeUInt16LE(options.channels, 10);
  format.writeUInt32LE(options.rate, 12);
  format.writeUInt32LE(options.rate * options.channels * 2, 16);
  format.writeUInt16LE(options.channels * 2, 20);
  format.writeUInt16LE(16, 22);
  const data = Buffer.alloc(8);
  data.write('data', 0, 'latin1');
  data.writeUInt32LE(options.dataBytes, 4);
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(
    Math.min(0xffffffff, 4 + extra.length + format.length + data.length + options.dataBytes),
    4,
  );
  riff.write('WAVE', 8, 'latin1');
  return Buffer.concat([riff, extra, format, data]);
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'wav-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('PCM WAV windows', () => {
  it('reads the sample in windows from disk', async () => {
    const wav = await openPcmWav(SPEECH_WAV);
    try {
      expect(wav.sampleCount).toBe(11 * SAMPLE_RATE);
      expect((await wav.read(0, SAMPLE_RATE)).length).toBe(2 * SAMPLE_RATE);
      expect((await wav.read(10 * SAMPLE_RATE, 5 * SAMPLE_RATE)).length).toBe(2 * SAMPLE_RATE);
    } finally {
      await wav.close();
    }
  });

  it('skips other chunks and reads to the end when the data size was never filled in', async () => {
    const file = path.join(dir, 'piped.wav');
    const samples = Buffer.alloc(3200);
    samples.writeInt16LE(1234, 0);
    await writeFile(
      file,
      Buffer.concat([
        wavHeader({ rate: 16_000, channels: 1, dataBytes: 0xffffffff, extraChunk: true }),
        samples,
      ]),
    );
    const wav = await openPcmWav(file);
    expect(wav.sampleCount).toBe(1600);
    expect((await wav.read(0, 1)).readInt16LE(0)).toBe(1234);
    await wav.close();
  });

  it('refuses audio that is not 16 kHz mono', async () => {
    const file = path.join(dir, 'stereo.wav');
    await writeFile(
      file,
      Buffer.concat([wavHeader({ rate: 44_100, channels: 2, dataBytes: 8 }), Buffer.alloc(8)]),
    );
    await expect(openPcmWav(file)).rejects.toThrow(
      /not 16 kHz mono 16-bit PCM \(format 1, 2 channels, 44100 Hz, 16 bits\)/,
    );
    await writeFile(file, 'not a wav at all');
    await expect(openPcmWav(file)).rejects.toThrow(/is not a WAV file/);
  });

  it('cuts a window in the quietest moment near its end', () => {
    const samples = Buffer.alloc(4 * SAMPLE_RATE * 2);
    for (let index = 0; index < 4 * SAMPLE_RATE; index++) {
      const silent = index >= 3.3 * SAMPLE_RATE && index < 3.6 * SAMPLE_RATE;
      samples.writeInt16LE(silent ? 0 : ((index * 7919) % 20_000) - 10_000, index * 2);
    }
    const cut = quietestCut(samples, SAMPLE_RATE);
    expect(cut).toBeGreaterThanOrEqual(3.3 * SAMPLE_RATE);
    expect(cut).toBeLessThanOrEqual(3.6 * SAMPLE_RATE);
  });
});
