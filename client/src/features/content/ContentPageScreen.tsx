import { Box } from '@mantine/core';
import { useEffect } from 'react';
import type { ContentPage } from '../../../../shared/content';
import { PRODUCT_NAME } from '../../lib/brand';
import { ContentSection } from './ContentSection';
import { useContentPage } from './use-content-page';

/** /faq, /privacy, /disclaimer, /terms, /help: a page whose title and html an admin edits. */
export function ContentPageScreen({ page }: { page: ContentPage }) {
  const title = useContentPage(page).data?.title;
  useEffect(() => {
    if (title) document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
  return (
    <Box maw={820}>
      <ContentSection page={page} headingOrder={1} />
    </Box>
  );
}
