import { Box, Stack, Title, type TitleOrder } from '@mantine/core';
import type { ContentPage } from '../../../../shared/content';
import { QueryState } from '../../ui/QueryState';
import { SafeHtml } from '../../ui/SafeHtml';
import classes from './content.module.css';
import { useContentPage } from './use-content-page';

export interface ContentSectionProps {
  page: ContentPage;
  /** 1 when the content is the page itself, 2 when it sits under another heading. */
  headingOrder?: TitleOrder;
}

/**
 * A content-service page: its title as a heading and its sanitized html, with loading and error states.
 *
 * The home review widget (PRODUCT.md §1) is content-driven on purpose: it is an https iframe embed inside the
 * 'home' page's html, which an admin edits on /admin/content/detail/{id}. It needs no server field of
 * its own and passes the same policy as any page html (server sanitize on save and read, DOMPurify
 * here); a script-tag widget would be stripped, so providers' iframe embeds are the supported form.
 */
export function ContentSection({ page, headingOrder = 2 }: ContentSectionProps) {
  const content = useContentPage(page);

  return (
    <QueryState query={content} failed="This page could not be loaded">
      {({ title, html }) => (
        <Stack gap="sm">
          <Title order={headingOrder}>{title}</Title>
          <Box className={classes.html}>
            <SafeHtml html={html} />
          </Box>
        </Stack>
      )}
    </QueryState>
  );
}
