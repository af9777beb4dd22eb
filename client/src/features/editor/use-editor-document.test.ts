import { describe, expect, it } from 'vitest';
import { docFromCues } from '../../../../shared/subtitles/editor';
import { cueStepsAway, openingCues, selectedAfterDelete } from './use-editor-document';

const doc = docFromCues([
  { startMs: 0, endMs: 1000, text: 'One' },
  { startMs: 1000, endMs: 2000, text: 'Two' },
  { startMs: 2000, endMs: 3000, text: 'Three' },
]);

describe('the editor document', () => {
  it('opens on the draft, else the latest version, else no cues', () => {
    const draftCues = [{ startMs: 0, endMs: 500, text: 'Draft' }];
    const latest = { srt: '1\n00:00:01,000 --> 00:00:02,000\nLatest\n' };
    expect(openingCues({ draft: { cues: draftCues }, latest })).toBe(draftCues);
    expect(openingCues({ draft: null, latest })).toEqual([{ startMs: 1000, endMs: 2000, text: 'Latest' }]);
    expect(openingCues({ draft: null, latest: null })).toEqual([]);
  });

  it('selects the next cue after a deletion, else the one before, else none', () => {
    expect(selectedAfterDelete(doc, 'c2')).toBe('c3');
    expect(selectedAfterDelete(doc, 'c3')).toBe('c2');
    expect(selectedAfterDelete(docFromCues([{ startMs: 0, endMs: 1000, text: 'Only' }]), 'c1')).toBeNull();
  });

  it('moves the selection by steps within the list', () => {
    expect(cueStepsAway(doc, 'c1', 1)).toBe('c2');
    expect(cueStepsAway(doc, 'c3', 1)).toBe('c3');
    expect(cueStepsAway(doc, 'c1', -1)).toBe('c1');
    expect(cueStepsAway(doc, null, 1)).toBe('c1');
    expect(cueStepsAway([], null, 1)).toBeNull();
  });
});
