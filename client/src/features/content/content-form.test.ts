import { describe, expect, it } from 'vitest';
import { checkContentForm } from './content-form';

describe('checkContentForm', () => {
  it('is valid with a title and html, trimmed as the server stores them', () => {
    expect(checkContentForm({ title: ' FAQ ', html: '<p>Hi</p>\n' })).toEqual({
      update: { title: 'FAQ', html: '<p>Hi</p>' },
      errors: {},
    });
  });

  it("is invalid (so 'Save Changes' is disabled) while a field is empty, naming the field", () => {
    expect(checkContentForm({ title: '', html: ' ' })).toEqual({
      update: null,
      errors: { title: 'Title is required.', html: 'Html is required.' },
    });
  });
});
