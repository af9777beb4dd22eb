import { describe, expect, it } from 'vitest';
import { testApp } from '../../test/support/http';
import { SUBTITLE_FONT_NAMES } from '../media/fonts';

const { app } = await testApp();

describe('the subtitle fonts', () => {
  it('serves every face burn-in draws with, to anyone', async () => {
    for (const name of SUBTITLE_FONT_NAMES) {
      const response = await app.inject({ method: 'GET', url: `/api/subtitle-fonts/${name}` });
      expect(response.statusCode, name).toBe(200);
      expect(response.headers['content-type']).toBe('font/ttf');
      // A TrueType file starts with its version tag 0x00010000.
      expect(response.rawPayload.subarray(0, 4).toString('hex')).toBe('00010000');
    }
  });

  it('serves nothing else', async () => {
    for (const name of ['fonts.conf', '..%2F..%2Fpackage.json', 'NotoSans_500Medium.otf']) {
      const response = await app.inject({ method: 'GET', url: `/api/subtitle-fonts/${name}` });
      expect(response.statusCode, name).toBe(404);
    }
  });
});
