import { Box, Stack, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { PRODUCT_NAME } from '../lib/brand';

/** Reading widths for text-heavy or form screens; tables use the full layout width. */
const WIDTHS = { sm: 480, md: 820, full: undefined } as const;

export interface ScreenProps {
  /** The screen's heading (PRODUCT.md §2); also the document title. */
  title: string;
  children?: ReactNode;
  width?: keyof typeof WIDTHS;
}

/** The frame every screen shares: one h1 and the content under it. */
export function Screen({ title, children, width = 'full' }: ScreenProps) {
  useEffect(() => {
    document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
  return (
    <Box maw={WIDTHS[width]}>
      <Stack gap="md">
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Box>
  );
}
