/**
 * Command line for operators and tests: validate, reflow and measure SRT files.
 * `npm run subtitles -- validate FILE` (see USAGE in shared/subtitles/command-line.ts).
 */
import { readFileSync } from 'node:fs';
import { runSubtitlesCommand } from '../shared/subtitles/command-line';

function readFile(path: string): Uint8Array {
  try {
    return readFileSync(path);
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    process.stderr.write(`${path}: cannot read the file (${reason})\n`);
    process.exit(1);
  }
}

const outcome = runSubtitlesCommand(process.argv.slice(2), readFile);
process.stdout.write(outcome.stdout);
process.stderr.write(outcome.stderr);
process.exitCode = outcome.exitCode;
