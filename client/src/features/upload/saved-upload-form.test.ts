import { describe, expect, it } from 'vitest';
import { parseSavedUploadForm } from './saved-upload-form';

describe('saved upload form', () => {
  it('reads a generate form with its choices', () => {
    const raw = JSON.stringify({
      mode: 'generate',
      title: 'T',
      description: 'D',
      plan: '20',
      inLan: 'en',
      outLan: 'ja',
    });
    expect(parseSavedUploadForm(raw)).toEqual({
      mode: 'generate',
      title: 'T',
      description: 'D',
      plan: '20',
      inLan: 'en',
      outLan: 'ja',
    });
  });

  it('keeps only title and description for hardcode mode', () => {
    const raw = JSON.stringify({ mode: 'hardcode', title: 'T', description: 'D', plan: '20' });
    expect(parseSavedUploadForm(raw)).toEqual({ mode: 'hardcode', title: 'T', description: 'D' });
  });

  it('ignores nothing, broken JSON and non-objects', () => {
    expect(parseSavedUploadForm(null)).toBeNull();
    expect(parseSavedUploadForm('{')).toBeNull();
    expect(parseSavedUploadForm('"text"')).toBeNull();
  });

  it('fills missing fields', () => {
    expect(parseSavedUploadForm('{}')).toEqual({ mode: 'generate', title: '', description: '' });
  });
});
