import { describe, expect, it } from 'vitest';
import { signDownload } from '../../server/storage/signed-urls';
import { foreignTraces } from './isolation-leaks';

const traces = { markers: ['videos/victim/', 'victim company'], ids: [7300001] };

describe("the isolation matrix's search for another company's data", () => {
  it('finds a storage key hidden in a signed link', () => {
    const token = signDownload('secret', { key: 'videos/victim/out.mp4', filename: 'x.mp4', expiresAt: 1 });
    expect(foreignTraces(JSON.stringify({ url: `http://host/api/files/${token}` }), traces)).toEqual([
      '"videos/victim/"',
    ]);
  });

  it('finds a marker URL-encoded, and an id only as a whole number', () => {
    expect(foreignTraces('?name=victim%20company&id=7300001', traces)).toEqual([
      '"victim company"',
      'id 7300001',
    ]);
    expect(foreignTraces('{"id":17300001,"n":73000012}', traces)).toEqual([]);
  });
});
