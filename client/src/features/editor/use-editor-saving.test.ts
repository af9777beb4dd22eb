import { describe, expect, it } from 'vitest';
import { burnInRequest, draftBadge } from './use-editor-saving';

describe('saving in the editor', () => {
  it('says "No changes yet" until a draft exists, then the draft status', () => {
    expect(draftBadge('saved', null, false)).toEqual({ label: 'No changes yet', color: 'gray' });
    expect(draftBadge('saved', null, true)).toEqual({ label: 'Draft saved', color: 'gray' });
    expect(draftBadge('saved', new Date(), false)).toEqual({ label: 'Draft saved', color: 'gray' });
    expect(draftBadge('unsaved', null, false)).toEqual({ label: 'Unsaved changes', color: 'blue' });
    expect(draftBadge('saving', null, false).label).toBe('Saving…');
    expect(draftBadge('conflict', null, false)).toEqual({ label: 'Changed elsewhere', color: 'red' });
    expect(draftBadge('failed', null, false)).toEqual({ label: 'Not saved', color: 'red' });
  });

  it("makes an added language's draft its new version only, whatever the style (issue 40)", () => {
    expect(burnInRequest(7, 3, 'boxed', 'fr')).toEqual({
      procedure: 'saveAndBurnIn',
      input: { id: 7, revision: 3, language: 'fr' },
    });
    expect(burnInRequest(7, 0, 'boxed', 'fr').procedure).toBe('saveAndBurnIn');
  });

  it('burns the same subtitles in again when only the style changed, else saves the draft as a version', () => {
    expect(burnInRequest(7, 0, 'boxed')).toEqual({
      procedure: 'restyleVideo',
      input: { id: 7, style: 'boxed' },
    });
    expect(burnInRequest(7, 3, 'boxed')).toEqual({
      procedure: 'saveAndBurnIn',
      input: { id: 7, revision: 3, style: 'boxed' },
    });
    expect(burnInRequest(7, 3, undefined)).toEqual({
      procedure: 'saveAndBurnIn',
      input: { id: 7, revision: 3 },
    });
    expect(burnInRequest(7, 0, undefined)).toEqual({
      procedure: 'saveAndBurnIn',
      input: { id: 7, revision: 0 },
    });
  });
});
