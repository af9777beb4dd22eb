/**
 * Fetches Whisper models ahead of time, so the first transcription does not wait for a download.
 * `npm run model -- pull [NAME]`, `npm run model -- list`.
 */
import { loadConfig } from '../server/config';
import { modelsDir, WHISPER_MODELS } from '../server/engines/model-catalog';
import { type DownloadProgress, installedState, resolveWhisperModel } from '../server/engines/models';

const USAGE = `Usage:
  npm run model -- pull [NAME]   download a Whisper model into DATA_DIR/models and check its checksum
                                 (NAME defaults to WHISPER_MODEL_NAME)
  npm run model -- list          the models known, and which are downloaded
`;

const MiB = 1024 * 1024;

function progressLine(name: string) {
  let lastShown = -10;
  return (progress: DownloadProgress) => {
    const percent = progress.percent ?? 0;
    const received = (progress.receivedBytes / MiB).toFixed(1);
    const total = progress.totalBytes ? ` of ${(progress.totalBytes / MiB).toFixed(1)}` : '';
    const line = `Downloading ${name}: ${percent}% (${received}${total} MiB)`;
    if (process.stderr.isTTY) process.stderr.write(`\r${line}`);
    else if (percent >= lastShown + 10 || percent === 100) process.stderr.write(`${line}\n`);
    lastShown = Math.max(lastShown, percent);
  };
}

async function pull(name: string | undefined): Promise<void> {
  const config = loadConfig();
  const wanted = name ?? config.WHISPER_MODEL_NAME;
  // Always into DATA_DIR/models, whatever WHISPER_MODEL points at.
  const file = await resolveWhisperModel(
    { ...config, WHISPER_MODEL: undefined, WHISPER_MODEL_NAME: wanted },
    { onProgress: progressLine(wanted) },
  );
  if (process.stderr.isTTY) process.stderr.write('\n');
  process.stdout.write(`Model ${wanted} is ready: ${file}\n`);
  if (config.WHISPER_MODEL) {
    process.stdout.write(
      `Note: WHISPER_MODEL=${config.WHISPER_MODEL} is set, and the server uses that file instead.\n`,
    );
  } else if (wanted !== config.WHISPER_MODEL_NAME) {
    process.stdout.write(`Set WHISPER_MODEL_NAME=${wanted} for the server to use it.\n`);
  }
}

async function list(): Promise<void> {
  const config = loadConfig();
  process.stdout.write(`Models in ${modelsDir(config.dataDir)}:\n`);
  for (const entry of WHISPER_MODELS) {
    const state = await installedState(config.dataDir, entry);
    const chosen = entry.name === config.WHISPER_MODEL_NAME ? '*' : ' ';
    const size = `${Math.round(entry.approximateBytes / MiB)} MiB`.padStart(9);
    process.stdout.write(`${chosen} ${entry.name.padEnd(22)}${size}  ${state}\n`);
  }
  process.stdout.write('* = WHISPER_MODEL_NAME\n');
  if (config.WHISPER_MODEL)
    process.stdout.write(`WHISPER_MODEL=${config.WHISPER_MODEL} is set and used instead.\n`);
}

async function main(args: string[]): Promise<number> {
  const [command, name, ...rest] = args;
  if (command === 'pull' && rest.length === 0) await pull(name);
  else if (command === 'list' && name === undefined) await list();
  else {
    process.stderr.write(USAGE);
    return command === undefined || command === 'help' ? 0 : 1;
  }
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (process.stderr.isTTY) process.stderr.write('\n');
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
