import type { Page } from '@playwright/test';

/** What React drew since the last reset, counted by the page's render probe. */
export interface RenderCounts {
  commits: number;
  /** Components that rendered, by what they draw first (a cue row, the waveform's section…). */
  components: Record<string, number>;
  /** The cue rows drawn again, by their number in the list. */
  rows: Record<string, number>;
  error?: string;
}

/**
 * Counts what React renders, deterministically (no timings): a stand-in for React DevTools' global
 * hook, which React (production builds too) calls after every commit with the new fiber tree. The
 * tree is walked as DevTools walks it, into the subtrees this commit touched only; a component
 * counts when it performed work, and a cue row when its `<li>` got new props. Components are named
 * by the first element they draw, since the production bundle's function names are minified.
 */
const PROBE = `(() => {
  const counts = { commits: 0, components: {}, rows: {} };
  window.__renderProbe = counts;
  const moduleClass = /^_([A-Za-z]+)_[a-z0-9]+_\\d+$/;
  const mantineRoot = /^mantine-([A-Za-z]+)-root$/;
  const labelOf = (fiber) => {
    let host = fiber;
    while (host && host.tag !== 5) host = host.child;
    if (!host) return 'nothing';
    const props = host.memoizedProps || {};
    if (props['data-cue-id'] !== undefined) return 'cue row';
    if (props['data-cue-text'] !== undefined) return 'cue text field';
    if (props['aria-label']) return host.type + '[' + String(props['aria-label']).replace(/\\d+/g, '#') + ']';
    const classes = typeof props.className === 'string' ? props.className.split(' ') : [];
    for (const name of classes) {
      const found = moduleClass.exec(name) || mantineRoot.exec(name);
      if (found) return host.type + '.' + found[1];
    }
    return host.type;
  };
  const COMPONENT_TAGS = [0, 1, 11, 15];
  const walk = (next, previous) => {
    if (COMPONENT_TAGS.includes(next.tag) && (next.flags & 1) === 1) {
      const label = labelOf(next);
      counts.components[label] = (counts.components[label] || 0) + 1;
    }
    const props = next.memoizedProps;
    if (next.tag === 5 && props && props['data-cue-id'] !== undefined && (!previous || previous.memoizedProps !== props)) {
      const row = String(props['aria-posinset']);
      counts.rows[row] = (counts.rows[row] || 0) + 1;
    }
    if (previous && next.child === previous.child) return;
    for (let child = next.child; child; child = child.sibling) walk(child, child.alternate);
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: (_id, root) => {
      counts.commits++;
      try {
        walk(root.current, root.current.alternate);
      } catch (error) {
        counts.error = String(error);
      }
    },
  };
})();`;

/** Installs the probe before the page's scripts run (call before the first navigation). */
export async function installRenderProbe(page: Page): Promise<void> {
  await page.addInitScript({ content: PROBE });
}

export async function resetRenderCounts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const probe = (window as unknown as { __renderProbe: RenderCounts }).__renderProbe;
    probe.commits = 0;
    probe.components = {};
    probe.rows = {};
  });
}

export async function renderCounts(page: Page): Promise<RenderCounts> {
  return page.evaluate(() =>
    JSON.parse(JSON.stringify((window as unknown as { __renderProbe: RenderCounts }).__renderProbe)),
  );
}
