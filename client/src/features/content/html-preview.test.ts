import { describe, expect, it } from 'vitest';
import { htmlPreview } from './html-preview';

describe('htmlPreview', () => {
  it('shows the text of the html without tags, entities decoded and whitespace collapsed', () => {
    expect(htmlPreview('<h3>Fees &amp; refunds</h3>\n<p>Within&nbsp;2 days.</p>')).toBe(
      'Fees & refunds Within 2 days.',
    );
  });

  it('leaves out what is not text: embeds, scripts and styles', () => {
    expect(
      htmlPreview(
        '<p>Reviews:</p><iframe src="https://reviews.example/w" title="Reviews"></iframe><script>x()</script>',
      ),
    ).toBe('Reviews:');
  });

  it('cuts long text at a word and marks the cut', () => {
    const preview = htmlPreview(`<p>${'word '.repeat(40)}</p>`, 23);
    expect(preview).toBe('word word word word…');
  });

  it('is empty for empty html', () => {
    expect(htmlPreview('')).toBe('');
  });
});
