import { describe, expect, it } from 'vitest';
import { parseUploadAnswer, UPLOAD_FAILED_MESSAGE } from './upload-answer';

const errorBody = (status: number, message: string, details: object = {}) =>
  JSON.stringify({ data: null, error: { status, name: 'X', message, details } });

describe('upload answers', () => {
  it('reads the new video id', () => {
    expect(parseUploadAnswer(200, JSON.stringify({ data: { id: 7, attributes: {} }, meta: {} }))).toEqual({
      ok: true,
      videoId: 7,
    });
  });

  it("keeps the server's notes on the subtitle file (issue 35: warnings the upload form shows)", () => {
    const warning = 'Subtitle 3 starts after the video ends (at 0:03) and will not be shown.';
    const body = JSON.stringify({ data: { id: 8, attributes: {} }, meta: { notes: [warning, 4] } });
    expect(parseUploadAnswer(200, body)).toEqual({ ok: true, videoId: 8, notes: [warning] });
  });

  it('keeps the missing cents of a 402', () => {
    expect(parseUploadAnswer(402, errorBody(402, 'Not enough credits', { missingCents: 90 }))).toEqual({
      ok: false,
      status: 402,
      message: 'Not enough credits',
      missingCents: 90,
    });
  });

  it("shows the server's message for refusals and for a 503", () => {
    expect(parseUploadAnswer(400, errorBody(400, 'Please select an SRT file.')).ok).toBe(false);
    expect(parseUploadAnswer(400, errorBody(400, 'Please select an SRT file.'))).toMatchObject({
      message: 'Please select an SRT file.',
    });
    expect(parseUploadAnswer(503, errorBody(503, 'Not available yet'))).toMatchObject({
      message: 'Not available yet',
    });
  });

  it('hides internal errors and unreadable answers behind one text', () => {
    expect(parseUploadAnswer(500, errorBody(500, 'Internal Server Error'))).toMatchObject({
      message: UPLOAD_FAILED_MESSAGE,
    });
    expect(parseUploadAnswer(0, '')).toMatchObject({ status: 0, message: UPLOAD_FAILED_MESSAGE });
    expect(parseUploadAnswer(413, '<html>')).toMatchObject({ status: 413, message: UPLOAD_FAILED_MESSAGE });
  });
});
