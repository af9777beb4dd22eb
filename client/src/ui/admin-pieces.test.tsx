import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { EditLinkButton } from './EditLinkButton';
import { FormFailure } from './FormFailure';
import { LoadedRecord } from './LoadedRecord';

const render = (node: ReactNode) =>
  renderToStaticMarkup(
    <MantineProvider withGlobalClasses={false} withCssVariables={false}>
      <MemoryRouter>{node}</MemoryRouter>
    </MantineProvider>,
  );

describe('the admin screens’ shared pieces', () => {
  it('FormFailure says why as an alert, and is absent without a failure', () => {
    expect(render(<FormFailure message="Failed to update the prices" />)).toMatch(
      /role="alert"[^>]*>.*Failed to update the prices/,
    );
    expect(render(<FormFailure message={null} />)).toBe('');
    expect(render(<FormFailure message="" />)).toBe('');
  });

  it('LoadedRecord shows the error, else a named spinner, else the form', () => {
    const form = (name: string) => <p>Form of {name}</p>;
    expect(
      render(
        <LoadedRecord data={undefined} error="The prices could not be loaded." loadingLabel="Loading">
          {form}
        </LoadedRecord>,
      ),
    ).toContain('The prices could not be loaded.');
    expect(
      render(
        <LoadedRecord data={undefined} error={null} loadingLabel="Loading the company">
          {form}
        </LoadedRecord>,
      ),
    ).toContain('aria-label="Loading the company"');
    expect(
      render(
        <LoadedRecord data="Acme" error={null} loadingLabel="Loading">
          {form}
        </LoadedRecord>,
      ),
    ).toBe('<p>Form of Acme</p>');
  });

  it('EditLinkButton links to the detail screen and names what it edits', () => {
    const html = render(<EditLinkButton to="/company/detail/7" name="Acme" />);
    expect(html).toContain('href="/company/detail/7"');
    expect(html).toContain('aria-label="Edit Acme"');
    expect(html.replace(/<[^>]+>/g, '')).toBe('Edit');
  });
});
