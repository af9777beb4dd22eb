/**
 * Why the same figure moved between runs and between machines of one kind: what trials found, dated
 * prose kept by hand (not figures of the run the document reports), printed under its own heading.
 */
export const RUN_CONDITIONS_WRITTEN = '2026-11-28';

const FINDINGS = [
  "**The first upload after the server starts.** The server's share of a 1.5 GB upload moved by half between the two rounds of one run. In ten runs of the same server code on this machine on 2026-11-28, the first round measured 339–439 MB/s in six and 807–887 MB/s in four, the second round 820–884 MB/s in all ten, against disk sinks of 900–1,100 MB/s, so a quick run's median of two rounds falls anywhere between 0.45 and 0.85 of the disk sink. Neither the clone's folder nor whether the bundle was built at start told the slow runs from the fast ones; the cause was not found. Candidates for the next trial: V8's young generation, which start-up holds at its first size and which grows only once the server runs (scripts/start.mjs), and the disk's discards (ext4 mounted with `discard`) after the gigabytes an earlier step deleted. The bench writes the disk's dirty pages out before every timed upload (`sync`, untimed, `measure/upload-curl.ts`), so no round inherits an earlier step's write-back; that alone did not remove the difference.",
  "**The product's follow-up work ran into the next measurement.** After each burn-in the product detects the video's shot changes (one decode of the whole video by ffmpeg). The bench started the next video while it ran, and removed the files under it: one generate run measured RTF 0.224 against 0.171 for its twin. The bench now waits until the worker has no job left (`waitForIdleWorker`, `measure/pipeline-run.ts`) before measuring anything else.",
  "**Not the editor's code.** The commit the independent run measured (290cf2c), benched here again with its own bench on a quiet machine, opened the 600-cue editor in 1.09 s (p95; cold 1.93 s) and typed at 9.7 ms p95: the same as this commit and as the report published then, where the independent run measured 3.40 s and 21.2 ms. What slowed that machine was not found from here; each part now records the CPU the virtual machine's host kept from it (`steal`, in the Run table) beside the CPU of other processes, so a busy host shows in the report instead of in the figures alone.",
  '**One run is one sample.** `npm run bench -- --quick --runs=3` makes three whole runs, each on a fresh data folder, database and browser profile, and reports the median of their medians with the range across runs: a target is met when the median run meets it.',
];

export function runConditionsMarkdown(): string {
  return [
    `## Why figures move between runs and machines (written ${RUN_CONDITIONS_WRITTEN}, not measured by this run)`,
    '',
    ...FINDINGS.map((finding) => `- ${finding}`),
    '',
  ].join('\n');
}
