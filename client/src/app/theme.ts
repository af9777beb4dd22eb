import { type CSSVariablesResolver, createTheme } from '@mantine/core';
import { readableColors } from './readable-colors';

export const theme = createTheme({
  colors: readableColors,
  primaryColor: 'indigo',
  // WCAG AA (4.5:1): white on indigo 6 is 4.3:1, on indigo 8 5.7:1; links in indigo 8 read on light alerts too.
  primaryShade: 8,
  // Filled badges and buttons in light colours (green, yellow…) get dark text instead of white.
  autoContrast: true,
  defaultRadius: 'md',
  // Keyboard users always see where focus is; mouse clicks do not leave rings behind.
  focusRing: 'auto',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
});

/** Mantine's dimmed text and placeholders (gray 6 and 5) are under 4.5:1 on white; gray 7 reads at 8:1. */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': resolved.colors.gray[7],
    '--mantine-color-placeholder': resolved.colors.gray[7],
  },
  dark: {},
});
