import { Typography } from '@mantine/core';
import { useMemo } from 'react';
import { sanitizeHtml } from '../lib/sanitize-html';

/** Renders html from the content service; it is sanitized here, never trusted as received. */
export function SafeHtml({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the html was sanitized by DOMPurify just above.
  return <Typography dangerouslySetInnerHTML={{ __html: clean }} />;
}
