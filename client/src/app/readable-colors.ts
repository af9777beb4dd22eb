import { DEFAULT_THEME, darken, luminance, type MantineColorsTuple, toRgba } from '@mantine/core';

/** WCAG AA for normal text, with a little room for anti-aliasing. */
const MINIMUM_CONTRAST = 4.6;
const WHITE = '#ffffff';
/** Mantine's gray 0: striped rows, the footer. */
const LIGHT_GRAY = DEFAULT_THEME.colors.gray[0];

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function hex(color: string): string {
  const { r, g, b } = toRgba(color);
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** `color` darkened in small steps until it reads on every background. */
function readableOn(color: string, backgrounds: readonly string[]): string {
  for (let amount = 0; amount < 1; amount += 0.02) {
    const candidate = amount === 0 ? color : hex(darken(color, amount));
    if (backgrounds.every((background) => contrast(candidate, background) >= MINIMUM_CONTRAST))
      return candidate;
  }
  return '#000000';
}

/**
 * Mantine's palettes with shades 8 (text colour `c="red"`, filled buttons and badges under white text,
 * the theme's primary shade) and 9 (text of light badges and alerts, on shade 1) darkened just enough
 * for 4.5:1, e.g. yellow 9 reads 2.7:1 on yellow 1 as Mantine ships it.
 */
export const readableColors = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, shades]) => {
    const backgrounds = [WHITE, LIGHT_GRAY, shades[0], shades[1]];
    const tuple = [...shades];
    tuple[8] = readableOn(shades[8], backgrounds);
    tuple[9] = readableOn(shades[9], backgrounds);
    return [name, tuple as unknown as MantineColorsTuple];
  }),
);
