import type { Page } from '@playwright/test';

/**
 * What a person would see cut or scrolled sideways: the page wider than the window, a box that hides
 * or scrolls what it holds sideways (a table cut at "De"), a control reaching out of the window.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      problems.push(`page ${root.scrollWidth}px wide in a ${root.clientWidth}px window`);
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${String(element.className).split(' ')[0]}${
        element.getAttribute('aria-label') ? `[${element.getAttribute('aria-label')}]` : ''
      } "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      if (!(element instanceof HTMLElement) || element.offsetParent === null) continue;
      const style = getComputedStyle(element);
      const hides = ['hidden', 'auto', 'scroll', 'clip'].includes(style.overflowX);
      // Text cut with an ellipsis on purpose (a long file name) keeps its whole text in a tooltip.
      // A visually hidden element (1 px, for screen readers) shows nothing to cut; a carousel
      // scrolls its slides sideways on purpose.
      if (
        element.clientWidth <= 1 ||
        element.querySelector(
          ':scope > [aria-roledescription="slide"], :scope > * > [aria-roledescription="slide"]',
        )
      )
        continue;
      // Nothing legible to cut: a switch's track hides its thumb's travel.
      if (!element.textContent?.trim() && !element.querySelector('img, video, canvas, svg')) continue;
      if (hides && style.textOverflow !== 'ellipsis' && element.scrollWidth > element.clientWidth + 1)
        problems.push(`${name(element)} holds ${element.scrollWidth}px in ${element.clientWidth}px`);
    }
    const width = root.clientWidth;
    for (const control of Array.from(
      document.querySelectorAll('button, a[href], input, select, textarea, [role="tab"], th'),
    )) {
      if (!(control instanceof HTMLElement) || control.offsetParent === null) continue;
      if (control.closest('thead')?.clientWidth === 1) continue; // visually hidden column labels
      const box = control.getBoundingClientRect();
      // Wholly outside is off-canvas (the closed phone menu), not cut.
      if (box.width === 0 || box.right <= 0 || box.left >= width) continue;
      if (box.left < -1 || box.right > width + 1) problems.push(`${name(control)} reaches out of the window`);
    }
    return problems;
  });
}
