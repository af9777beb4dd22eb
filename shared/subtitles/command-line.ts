import { OUTPUT_LANGUAGE_CODES, type OutputLanguage } from '../languages';
import { PLAN_IDS, type PlanId } from '../plans';
import { type Compliance, measureCompliance } from './compliance';
import type { Cue } from './cue';
import { isOutputLanguage, languageProfile } from './language-profile';
import { applyReadingSpeedPlan } from './reading-speed-plan';
import { reflowCues } from './reflow';
import { decodeSrtBytes } from './srt-bytes';
import { describeIssue, inspectSrt, SrtError } from './srt-parse';
import { writeSrt } from './srt-write';
import { displayWidth } from './text-width';
import { formatTimestamp } from './timecode';

/**
 * The operators' command line (`npm run subtitles -- …`), without Node: the script in
 * scripts/subtitles.ts reads files and prints; this decides what to print and the exit code.
 */
export interface CommandOutcome {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export type ReadFile = (path: string) => Uint8Array;

export const USAGE = `Usage:
  npm run subtitles -- validate FILE
  npm run subtitles -- reflow --plan ${PLAN_IDS.join('|')} --lang CODE FILE
  npm run subtitles -- stats [--plan ${PLAN_IDS.join('|')}] [--lang CODE] FILE
Languages: ${OUTPUT_LANGUAGE_CODES.join(', ')}.`;

interface Arguments {
  command: string;
  file: string;
  plan: PlanId | null;
  language: OutputLanguage | null;
}

class UsageError extends Error {}

function readOptions(args: readonly string[]): Arguments {
  const [command = '', ...rest] = args;
  const options = new Map<string, string>();
  const positional: string[] = [];
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index] ?? '';
    const [name, inline] = arg.split('=', 2);
    if (name === '--plan' || name === '--lang') options.set(name, inline ?? rest[++index] ?? '');
    else if (arg.startsWith('--')) throw new UsageError(`Unknown option ${arg}.`);
    else positional.push(arg);
  }
  const [file, ...extra] = positional;
  if (!file || extra.length > 0) throw new UsageError('Give exactly one FILE.');
  return {
    command,
    file,
    plan: planOption(options.get('--plan')),
    language: languageOption(options.get('--lang')),
  };
}

function planOption(value: string | undefined): PlanId | null {
  if (value === undefined) return null;
  const plan = PLAN_IDS.find((id) => id === value);
  if (!plan) throw new UsageError(`Unknown plan "${value}"; use one of ${PLAN_IDS.join(', ')}.`);
  return plan;
}

function languageOption(value: string | undefined): OutputLanguage | null {
  if (value === undefined) return null;
  if (!isOutputLanguage(value))
    throw new UsageError(`Unknown language "${value}"; use one of ${OUTPUT_LANGUAGE_CODES.join(', ')}.`);
  return value;
}

function readCues(file: string, readFile: ReadFile): { cues: Cue[]; warnings: string[] } {
  const inspection = inspectSrt(decodeSrtBytes(readFile(file)));
  const [firstError] = inspection.errors;
  if (firstError) throw new SrtError(firstError);
  return { cues: inspection.cues, warnings: inspection.warnings.map(describeIssue) };
}

function validate(args: Arguments, readFile: ReadFile): CommandOutcome {
  const text = decodeSrtBytes(readFile(args.file));
  const { cues, errors, warnings } = inspectSrt(text);
  if (errors.length > 0) {
    return {
      exitCode: 1,
      stdout: '',
      stderr: `${errors.map((issue) => `${args.file}: ${describeIssue(issue)}`).join('\n')}\n`,
    };
  }
  const first = cues[0];
  const last = cues.at(-1);
  const span = first && last ? `, ${formatTimestamp(first.startMs)} to ${formatTimestamp(last.endMs)}` : '';
  const warned = warnings.length > 0 ? `, ${warnings.length} warning${warnings.length === 1 ? '' : 's'}` : '';
  const stderr = warnings.map((issue) => `${args.file}: warning: ${describeIssue(issue)}\n`).join('');
  return { exitCode: 0, stdout: `OK: ${args.file}: ${cues.length} cues${span}${warned}\n`, stderr };
}

export function describeCompliance(compliance: Compliance): string {
  const speeds = `max ${compliance.maxCps.toFixed(1)} cps, mean ${compliance.meanCps.toFixed(1)} cps`;
  if (compliance.capCps === null) return `plan ${compliance.plan}: ${compliance.cueCount} cues, ${speeds}`;
  const share = (compliance.shareWithinCap * 100).toFixed(1);
  const summary =
    `plan ${compliance.plan}: ${share}% of ${compliance.cueCount} cues within ${compliance.capCps} cps ` +
    `(${compliance.overCap} over), ${speeds}`;
  return compliance.note ? `${summary}\nnote: ${compliance.note}` : summary;
}

function reflow(args: Arguments, readFile: ReadFile): CommandOutcome {
  if (!args.plan || !args.language) throw new UsageError('reflow needs --plan and --lang.');
  const { cues, warnings } = readCues(args.file, readFile);
  const planned = applyReadingSpeedPlan(reflowCues(cues, args.language), {
    plan: args.plan,
    language: args.language,
  });
  const notes = [...warnings.map((warning) => `warning: ${warning}`), describeCompliance(planned.compliance)];
  return { exitCode: 0, stdout: writeSrt(planned.cues), stderr: `${notes.join('\n')}\n` };
}

function stats(args: Arguments, readFile: ReadFile): CommandOutcome {
  const { cues } = readCues(args.file, readFile);
  const language = args.language ?? 'en';
  const plans: PlanId[] = args.plan ? [args.plan] : PLAN_IDS.filter((id) => id !== 'full-text');
  const profile = languageProfile(language);
  const lines = cues.flatMap((cue) => cue.text.split('\n'));
  const tooWide = lines.filter((line) => displayWidth(line, profile.widthRule) > profile.maxLineWidth).length;
  const report = [
    `cues: ${cues.length}`,
    describeCompliance(measureCompliance(cues, 'full-text', language)),
    ...plans.map((plan) => describeCompliance(measureCompliance(cues, plan, language))),
    `lines wider than ${profile.maxLineWidth} (${language}): ${tooWide} of ${lines.length}`,
    `cues with more than 2 lines: ${cues.filter((cue) => cue.text.split('\n').length > 2).length}`,
  ];
  return { exitCode: 0, stdout: `${report.join('\n')}\n`, stderr: '' };
}

const COMMANDS: Record<string, (args: Arguments, readFile: ReadFile) => CommandOutcome> = {
  validate,
  reflow,
  stats,
};

export function runSubtitlesCommand(args: readonly string[], readFile: ReadFile): CommandOutcome {
  try {
    const parsed = readOptions(args);
    const command = COMMANDS[parsed.command];
    if (!command)
      throw new UsageError(parsed.command ? `Unknown command "${parsed.command}".` : 'Give a command.');
    return command(parsed, readFile);
  } catch (error) {
    if (error instanceof UsageError)
      return { exitCode: 2, stdout: '', stderr: `${error.message}\n${USAGE}\n` };
    if (error instanceof SrtError)
      return { exitCode: 1, stdout: '', stderr: `${args.at(-1) ?? ''}: ${error.message}\n` };
    throw error;
  }
}
