import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testWhisperModelBytes } from '../../scripts/make-test-model';
import { isWeightlessModel } from './weightless-model';

const dir = await mkdtemp(path.join(os.tmpdir(), 'weightless-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a model without weights', () => {
  it('is told apart from one with weights, and from files that are not models', async () => {
    const header = testWhisperModelBytes();
    const cases: [string, Buffer, boolean][] = [
      ['header only', header, true],
      ['with a tensor after the vocabulary', Buffer.concat([header, Buffer.alloc(64, 1)]), false],
      ['cut inside the vocabulary', header.subarray(0, header.length - 10), false],
      ['not a ggml file', Buffer.from('RIFF....WAVEfmt '), false],
    ];
    for (const [name, bytes, expected] of cases) {
      const file = path.join(dir, `${name}.bin`);
      await writeFile(file, bytes);
      expect(await isWeightlessModel(file), name).toBe(expected);
    }
    expect(await isWeightlessModel(path.join(dir, 'missing.bin'))).toBe(false);
  });
});
