import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { MediaBinaries } from '../../server/media/binaries';
import { probeVideo } from '../../server/media/probe';
import type { BenchUser } from '../env/accounts';
import type { AppProcess } from '../env/app-process';
import type { BenchDatabase } from '../env/database';
import { makeClip, removeQuietly, repeatClip } from '../inputs/clips';
import { runTimed } from '../process-run';
import { evenSrt } from './editor-inputs';
import { curlUpload, uploadedVideoId } from './upload-curl';

/** The issue's case: a 30-minute video with 600 cues. */
export const EDITOR_VIDEO_SECONDS = 1800;
export const EDITOR_CUES = 600;
/** The cue typed into: one in the middle of the list. */
export const TYPED_CUE = 300;
/** Under the product's 30-minute limit whatever the container adds at the end (AAC priming). */
const TRIM_SECONDS = EDITOR_VIDEO_SECONDS - 0.5;
const UNIT_SECONDS = 20;
/** What is typed, character by character (spaces included, so the text stays words). */
const TYPED_TEXT = 'the quick brown fox jumps over the lazy dog ';

export interface EditorPlan {
  /** Opens measured after the warm-up (cold) open. */
  opens: number;
  /** Rounds of keystrokes, each into cue 300 restored to its text; p95 per round. */
  keystrokeRounds: number;
  keystrokesPerRound: number;
}

export interface EditorVideo {
  file: string;
  srt: string;
  seconds: number;
  bytes: number;
  width: number;
  height: number;
}

export interface EditorMeasurements {
  video: Omit<EditorVideo, 'file' | 'srt'>;
  cues: number;
  /** The first open: peaks computed and stored on this one, browser cache empty. */
  coldOpenMs: number;
  /** The following opens, each in a new tab of the same browser session. */
  openMs: number[];
  keystrokes: {
    /**
     * Input to paint without the wait for the display, per keystroke, per round: keydown's timestamp
     * to the input's commit, plus the frame that shows it (its start to a task posted after it was
     * painted). The idle time between the two (the main thread free, waiting for the next vsync) is
     * left out; where the frame began before the commit ended, nothing is left out.
     */
    workMs: number[][];
    /** keydown's timestamp to the task after the next animation frame, wait for the vsync included. */
    rafMs: number[][];
    /** keydown's timestamp to the end of the input event's handling (React's synchronous render and commit). */
    commitMs: number[];
    /**
     * The baselines: the same keystrokes, measured the same ways, into a copy of the editor's page as
     * drawn (the same elements and style sheets) without its scripts: what the browser alone costs.
     */
    frozenWorkMs: number[][];
    frozenMs: number[][];
    /** Event Timing entries (keydown, keypress, input, keyup) of 16 ms or more, over all rounds. */
    slowEvents: { name: string; duration: number }[];
    total: number;
  };
  peaksBytes: number;
  peaksSamplesPerSecond: number;
}

/** Chromium where the e2e tests find it (playwright.config.ts); null when it is not there. */
export async function findChromium(env: NodeJS.ProcessEnv): Promise<string | null> {
  const candidate = env.CHROMIUM_PATH || '/usr/bin/chromium';
  try {
    await stat(candidate);
    return candidate;
  } catch {
    return null;
  }
}

/**
 * A 30-minute 720p30 MP4 (a 20 s clip repeated without re-encoding, trimmed just under the limit)
 * and an SRT with 600 evenly spread cues.
 */
export async function makeEditorVideo(media: MediaBinaries, dir: string): Promise<EditorVideo> {
  const unit = path.join(dir, 'editor-unit.mp4');
  const repeated = path.join(dir, 'editor-repeated.mp4');
  const file = path.join(dir, 'editor-30min.mp4');
  const srt = path.join(dir, 'editor-600.srt');
  await makeClip(media.ffmpeg, unit, 'test-pattern', UNIT_SECONDS);
  await repeatClip(media.ffmpeg, unit, Math.ceil(EDITOR_VIDEO_SECONDS / UNIT_SECONDS), repeated);
  await runTimed(media.ffmpeg, [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', repeated],
    ...['-t', String(TRIM_SECONDS), '-c', 'copy', '-movflags', '+faststart', file],
  ]);
  await removeQuietly(unit);
  await removeQuietly(repeated);
  const probe = await probeVideo(media.ffprobe, file);
  await writeFile(srt, evenSrt(EDITOR_CUES, probe.durationSeconds));
  return {
    file,
    srt,
    seconds: probe.durationSeconds,
    bytes: (await stat(file)).size,
    width: probe.width,
    height: probe.height,
  };
}

/** Through the real hardcode endpoint; the app runs without a worker, so nothing is burned. */
export async function uploadEditorVideo(app: AppProcess, user: BenchUser, video: EditorVideo) {
  return uploadedVideoId(
    await curlUpload({
      url: `${app.url}/api/upload-log/hc`,
      token: user.token,
      fields: { title: 'editor bench' },
      files: [
        { name: 'fileVideo', path: video.file, type: 'video/mp4' },
        { name: 'fileSub', path: video.srt, type: 'application/x-subrip' },
      ],
    }),
  );
}

/** Logs the browser in as the e2e tests do: the session cookie, and what the client keeps in storage. */
async function signIn(context: BrowserContext, base: string, user: BenchUser): Promise<void> {
  const response = await context.request.post(`${base}/trpc/auth.login`, {
    data: { email: user.email, password: user.password },
  });
  if (!response.ok()) throw new Error(`login answered ${response.status()}: ${await response.text()}`);
  const me = ((await response.json()) as { result: { data: { role: string; companyId: number | null } } })
    .result.data;
  const page = await context.newPage();
  await page.goto(`${base}/about`);
  await page.evaluate(({ role, companyId }) => {
    localStorage.setItem('jwt', 'cookie-session');
    localStorage.setItem('userRole', role);
    if (companyId !== null) localStorage.setItem('company', String(companyId));
  }, me);
  await page.close();
}

/**
 * Runs in the page on every animation frame: the time since navigation started (performance.now()
 * counts from the document's time origin) once the editor is usable, else false.
 */
function usableAt(cues: number): number | false {
  const video = document.querySelector('video');
  if (!video || video.readyState < 1) return false;
  const section = document.querySelector('section[aria-label="Waveform with the cues as regions"]');
  const host = section?.firstElementChild;
  const shadow = host?.shadowRoot;
  if (!shadow?.querySelector('canvas') || !shadow.querySelector('[part~="region"]')) return false;
  // Only the rows in view are in the page; each says how many cues the list has.
  const first = document.querySelector('ul[aria-label="Cues"] > li[aria-posinset="1"]');
  if (first?.getAttribute('aria-setsize') !== String(cues)) return false;
  return performance.now();
}

async function openEditor(
  context: BrowserContext,
  url: string,
  cues: number,
  timeoutMs: number,
): Promise<{ page: Page; ms: number }> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'commit' });
  try {
    const handle = await page.waitForFunction(usableAt, cues, { polling: 'raf', timeout: timeoutMs });
    return { page, ms: (await handle.jsonValue()) as number };
  } catch (error) {
    const state = await page.evaluate(editorState).catch(() => 'page gone');
    await page.close();
    throw new Error(
      `the editor was not usable within ${timeoutMs} ms (${state}): ${String(error).split('\n')[0]}`,
    );
  }
}

/** What the page shows of the editor, for the error when it never becomes usable. */
function editorState(): string {
  const video = document.querySelector('video');
  const section = document.querySelector('section[aria-label="Waveform with the cues as regions"]');
  const shadow = section?.firstElementChild?.shadowRoot;
  return [
    `url ${location.pathname}`,
    `video ${video ? `readyState ${video.readyState}, error ${video.error?.code ?? 'none'}` : 'absent'}`,
    `waveform ${section ? (shadow ? `canvases ${shadow.querySelectorAll('canvas').length}, regions ${shadow.querySelectorAll('[part~="region"]').length}, parts ${[...new Set([...shadow.querySelectorAll('[part]')].map((element) => element.getAttribute('part')?.split(' ')[0]))].join(' ')}` : 'no shadow root') : 'absent'}`,
    `cue rows drawn ${document.querySelectorAll('[data-cue-text]').length} of ${document.querySelector('ul[aria-label="Cues"] > li')?.getAttribute('aria-setsize') ?? 'none'}`,
    `text "${document.body.innerText.slice(0, 120).replace(/\s+/g, ' ')}"`,
  ].join('; ');
}

declare global {
  interface Window {
    __benchKeys?: number[];
    __benchWork?: number[];
    __benchCommits?: number[];
    __benchKeyDown?: number;
    __benchCommitAt?: number;
    __benchSlowEvents?: { name: string; duration: number }[];
  }
}

/**
 * Per keystroke: keydown's timestamp (when the browser received the input) to a task posted from the
 * next animation frame's callback, that is after React's commit (a discrete input event renders
 * synchronously) and after that frame's style, layout and paint; and the same without the idle wait
 * for the display's next vsync (at 60 Hz up to 16.7 ms, whatever the page does). Also an Event Timing
 * observer at Chrome's lowest threshold (16 ms), to show any event the browser itself saw as slow.
 */
async function installKeystrokeProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__benchKeys = [];
    window.__benchWork = [];
    window.__benchCommits = [];
    window.__benchSlowEvents = [];
    // After React's listener on the root (window is the last stop of the bubbling input event) and
    // the synchronous render it does for a discrete event: the work, without the wait for a frame.
    window.addEventListener('input', () => {
      const started = window.__benchKeyDown;
      if (started === undefined) return;
      queueMicrotask(() => {
        window.__benchCommitAt = performance.now();
        window.__benchCommits?.push(window.__benchCommitAt - started);
      });
    });
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (['keydown', 'keypress', 'input', 'keyup', 'beforeinput'].includes(entry.name))
          window.__benchSlowEvents?.push({ name: entry.name, duration: entry.duration });
    });
    observer.observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
    window.addEventListener(
      'keydown',
      (event) => {
        const started = event.timeStamp;
        window.__benchKeyDown = started;
        window.__benchCommitAt = undefined;
        // The callback's argument is the frame's start: every callback and all rendering of that
        // frame come after it.
        requestAnimationFrame((frameStart) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            const painted = performance.now();
            const committed = window.__benchCommitAt ?? painted;
            window.__benchKeys?.push(painted - started);
            window.__benchWork?.push(committed - started + painted - Math.max(frameStart, committed));
          };
          channel.port2.postMessage(null);
        });
      },
      { capture: true },
    );
  });
}

/**
 * The editor's page as drawn, without its scripts, in a new tab of the same origin (so its style
 * sheets load): a JSON answer's document has no script of ours, and its content is replaced.
 */
async function frozenCopy(context: BrowserContext, page: Page): Promise<Page> {
  const html = await page.evaluate(() => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    for (const script of copy.querySelectorAll('script')) script.remove();
    return copy.innerHTML;
  });
  const frozen = await context.newPage();
  await frozen.setViewportSize(page.viewportSize() ?? { width: 1366, height: 900 });
  await frozen.goto(new URL('/api/health', page.url()).href);
  await frozen.evaluate((inner) => {
    document.documentElement.innerHTML = inner;
  }, html);
  await frozen.waitForLoadState('networkidle');
  return frozen;
}

/**
 * Scrolls the cue list the way a user's wheel would until cue N is drawn: the list keeps only the
 * rows in view in the page.
 */
async function revealCue(page: Page, number: number): Promise<void> {
  const found = await page.evaluate(async (wanted) => {
    const list = document.querySelector<HTMLElement>('ul[aria-label="Cues"]');
    const scroller = list?.parentElement;
    if (!list || !scroller) return false;
    for (let attempt = 0; attempt < 20; attempt++) {
      const drawn = [...list.children].map((row) => Number(row.getAttribute('aria-posinset')));
      if (drawn.includes(wanted)) return true;
      const middle = drawn[Math.floor(drawn.length / 2)] ?? 1;
      const rowPx = scroller.scrollHeight / Number(list.firstElementChild?.getAttribute('aria-setsize') ?? 1);
      scroller.scrollTop += (wanted - middle) * rowPx;
      // Two frames: the list draws the rows of the new scroll position (no named helpers here: the
      // function runs in the page, where the bundler's name-keeping helper does not exist).
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
    return false;
  }, number);
  if (!found) throw new Error(`cue ${number} was never drawn while scrolling the cue list`);
}

interface TypedRound {
  frame: number[];
  work: number[];
  commit: number[];
}

async function typeRound(page: Page, count: number): Promise<TypedRound> {
  const box = page.getByRole('textbox', { name: `Text of cue ${TYPED_CUE}`, exact: true });
  await box.scrollIntoViewIfNeeded();
  await box.click();
  await page.keyboard.press('End');
  // Two frames and a task: the End key's own sample lands before the round starts.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))),
      ),
  );
  await page.evaluate(() => {
    window.__benchKeys = [];
    window.__benchWork = [];
    window.__benchCommits = [];
  });
  for (let index = 0; index < count; index++) {
    await page.keyboard.press(TYPED_TEXT[index % TYPED_TEXT.length] ?? 'a');
    await page.waitForFunction((done) => (window.__benchKeys?.length ?? 0) >= done, index + 1, {
      polling: 'raf',
    });
  }
  return page.evaluate(() => ({
    frame: window.__benchKeys ?? [],
    work: window.__benchWork ?? [],
    commit: window.__benchCommits ?? [],
  }));
}

/**
 * Opens the editor of one video again and again, then types into cue 300: the measurements behind
 * editor_open_ms and editor_keystroke_ms. The first open computes the peaks and is kept apart.
 */
export async function measureEditor(options: {
  browser: Browser;
  app: AppProcess;
  user: BenchUser;
  videoId: number;
  cues: number;
  plan: EditorPlan;
  log: (line: string) => void;
}): Promise<Pick<EditorMeasurements, 'coldOpenMs' | 'openMs' | 'keystrokes'>> {
  const { browser, app, user, videoId, cues, plan, log } = options;
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    await signIn(context, app.url, user);
    const url = `${app.url}/videos/${videoId}/edit`;
    const cold = await openEditor(context, url, cues, 180_000);
    await cold.page.close();
    log(`  editor: cold open (peaks computed) ${cold.ms.toFixed(0)} ms`);
    const openMs: number[] = [];
    for (let index = 0; index < plan.opens; index++) {
      const opened = await openEditor(context, url, cues, 60_000);
      openMs.push(opened.ms);
      await opened.page.close();
    }
    log(`  editor: opens ${openMs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    const { page } = await openEditor(context, url, cues, 60_000);
    await installKeystrokeProbe(page);
    await revealCue(page, TYPED_CUE);
    const box = page.getByRole('textbox', { name: `Text of cue ${TYPED_CUE}`, exact: true });
    // The field draws its formatting rather than its tags: its text is what the user sees.
    const original = (await box.textContent()) ?? '';
    const rafMs: number[][] = [];
    const workMs: number[][] = [];
    const commitMs: number[] = [];
    for (let round = 0; round < plan.keystrokeRounds; round++) {
      await box.fill(original);
      const typed = await typeRound(page, plan.keystrokesPerRound);
      rafMs.push(typed.frame);
      workMs.push(typed.work);
      commitMs.push(...typed.commit);
    }
    const slowEvents = await page.evaluate(() => window.__benchSlowEvents ?? []);
    const frozen = await frozenCopy(context, page);
    await page.close({ runBeforeUnload: false });
    await installKeystrokeProbe(frozen);
    const frozenMs: number[][] = [];
    const frozenWorkMs: number[][] = [];
    for (let round = 0; round < plan.keystrokeRounds; round++) {
      const typed = await typeRound(frozen, plan.keystrokesPerRound);
      frozenMs.push(typed.frame);
      frozenWorkMs.push(typed.work);
    }
    await frozen.close();
    return {
      coldOpenMs: cold.ms,
      openMs,
      keystrokes: { workMs, rafMs, commitMs, frozenWorkMs, frozenMs, slowEvents, total: rafMs.flat().length },
    };
  } finally {
    await context.close();
  }
}

/** The folder of a video's files in the app's storage (`DATA_DIR/files/videos/<folder>`). */
async function videoFolder(database: BenchDatabase, dataDir: string, videoId: number): Promise<string> {
  const { rows } = await database.pool.query<{ source_key: string | null }>(
    'SELECT source_key FROM videos WHERE id = $1',
    [videoId],
  );
  const key = rows[0]?.source_key;
  if (!key) throw new Error(`video ${videoId} has no source file`);
  return path.join(dataDir, 'files', path.posix.dirname(key));
}

export async function removeVideoFolder(database: BenchDatabase, dataDir: string, videoId: number) {
  await removeQuietly(await videoFolder(database, dataDir, videoId));
}

/** The peaks file the first open stored beside the source (`videos/<folder>/peaks.json`). */
export async function storedPeaks(
  database: BenchDatabase,
  dataDir: string,
  videoId: number,
): Promise<{ bytes: number; samplesPerSecond: number }> {
  const file = path.join(await videoFolder(database, dataDir, videoId), 'peaks.json');
  const text = await readFile(file, 'utf8');
  const parsed = JSON.parse(text) as { samplesPerSecond?: unknown; peaks?: unknown };
  if (
    typeof parsed.samplesPerSecond !== 'number' ||
    !Array.isArray(parsed.peaks) ||
    parsed.peaks.length === 0
  )
    throw new Error(`the stored peaks of video ${videoId} are empty or not in the editor's format`);
  return { bytes: Buffer.byteLength(text), samplesPerSecond: parsed.samplesPerSecond };
}
