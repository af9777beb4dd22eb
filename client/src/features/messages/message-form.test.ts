import { describe, expect, it } from 'vitest';
import { MESSAGE_TEXTS } from '../../../../shared/schemas/messages';
import { checkMessageForm, EMPTY_MESSAGE_FORM } from './message-form';

describe('checkMessageForm', () => {
  it("lists the three messages of PRODUCT.md §5, in the form's order, for an empty form", () => {
    expect(checkMessageForm(EMPTY_MESSAGE_FORM)).toEqual({
      ok: false,
      errors: [MESSAGE_TEXTS.titleRequired, MESSAGE_TEXTS.messageRequired, MESSAGE_TEXTS.companyRequired],
    });
  });

  it('treats whitespace-only title and message as missing', () => {
    const check = checkMessageForm({ title: '  ', message: '\n\t', company: '3' });
    expect(check).toEqual({
      ok: false,
      errors: [MESSAGE_TEXTS.titleRequired, MESSAGE_TEXTS.messageRequired],
    });
  });

  it('asks for a company when none is chosen', () => {
    expect(checkMessageForm({ title: 'Hi', message: 'Hello', company: null })).toEqual({
      ok: false,
      errors: [MESSAGE_TEXTS.companyRequired],
    });
  });

  it('gives the input to send, with the company id as a number and line breaks kept', () => {
    expect(checkMessageForm({ title: ' Maintenance ', message: 'Line 1\nLine 2', company: '7' })).toEqual({
      ok: true,
      input: { title: 'Maintenance', message: 'Line 1\nLine 2', company: 7 },
    });
  });
});
