import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import {
  findWhisperModel,
  type ModelChecksum,
  modelFileName,
  modelsDir,
  modelUrl,
  WHISPER_MODELS,
  type WhisperModelEntry,
} from './model-catalog';
import { type DownloadProgress, downloadVerifiedFile, fileDigest } from './model-download';
import { EngineRefused } from './types';

export type { DownloadProgress } from './model-download';

export type ModelConfig = Pick<
  Config,
  'WHISPER_MODEL' | 'WHISPER_MODEL_NAME' | 'WHISPER_MODEL_BASE_URL' | 'dataDir'
>;

export interface ResolveModelOptions {
  onProgress?: (progress: DownloadProgress) => void;
  /** Tests point this at a catalog holding the test model. */
  catalog?: readonly WhisperModelEntry[];
  signal?: AbortSignal;
  /** Told when a file on disk failed its checksum and is being fetched again. */
  onDiscard?: (file: string, reason: string) => void;
}

/** What the marker beside a verified model remembers, so a 1.5 GB file is hashed once, not per job. */
interface VerifiedMarker {
  algorithm: string;
  digest: string;
  size: number;
  mtimeMs: number;
}

function markerPath(modelFile: string): string {
  return `${modelFile}.verified`;
}

async function fileStat(file: string) {
  return stat(file).catch(() => null);
}

async function hasValidMarker(modelFile: string, checksum: ModelChecksum): Promise<boolean> {
  const info = await fileStat(modelFile);
  if (!info) return false;
  try {
    const marker = JSON.parse(await readFile(markerPath(modelFile), 'utf8')) as Partial<VerifiedMarker>;
    return (
      marker.algorithm === checksum.algorithm &&
      marker.digest === checksum.digest &&
      marker.size === info.size &&
      marker.mtimeMs === info.mtimeMs
    );
  } catch {
    return false;
  }
}

async function writeMarker(modelFile: string, checksum: ModelChecksum): Promise<void> {
  const info = await stat(modelFile);
  const marker: VerifiedMarker = { ...checksum, size: info.size, mtimeMs: info.mtimeMs };
  await writeFile(markerPath(modelFile), `${JSON.stringify(marker)}\n`);
}

/** True when the file is there and matches the checksum (remembered after the first check). */
async function isVerified(modelFile: string, checksum: ModelChecksum, options: ResolveModelOptions) {
  if (await hasValidMarker(modelFile, checksum)) return true;
  if (!(await fileStat(modelFile))) return false;
  const digest = await fileDigest(modelFile, checksum.algorithm);
  if (digest === checksum.digest) {
    await writeMarker(modelFile, checksum);
    return true;
  }
  options.onDiscard?.(modelFile, `${checksum.algorithm} ${digest}, expected ${checksum.digest}`);
  await rm(modelFile, { force: true });
  await rm(markerPath(modelFile), { force: true });
  return false;
}

async function ensureModel(config: ModelConfig, entry: WhisperModelEntry, options: ResolveModelOptions) {
  const target = path.join(modelsDir(config.dataDir), modelFileName(entry.name));
  if (await isVerified(target, entry.checksum, options)) return target;
  await mkdir(path.dirname(target), { recursive: true });
  await downloadVerifiedFile({
    url: modelUrl(config.WHISPER_MODEL_BASE_URL, entry.name),
    target,
    checksum: entry.checksum,
    approximateBytes: entry.approximateBytes,
    onProgress: options.onProgress,
    signal: options.signal,
  });
  await writeMarker(target, entry.checksum);
  return target;
}

/** Downloads in flight, by target file: concurrent jobs wait for the same download. */
const inFlight = new Map<string, Promise<string>>();

/**
 * The model file to load: WHISPER_MODEL when set (it must exist), else the configured model in
 * DATA_DIR/models, downloaded and checked first if it is not there yet.
 */
export async function resolveWhisperModel(
  config: ModelConfig,
  options: ResolveModelOptions = {},
): Promise<string> {
  if (config.WHISPER_MODEL) {
    const file = path.resolve(config.WHISPER_MODEL);
    const info = await fileStat(file);
    if (!info?.isFile()) throw new EngineRefused(`WHISPER_MODEL=${config.WHISPER_MODEL}: no such model file`);
    return file;
  }
  const entry = findWhisperModel(config.WHISPER_MODEL_NAME, options.catalog ?? WHISPER_MODELS);
  const key = path.join(modelsDir(config.dataDir), modelFileName(entry.name));
  const running = inFlight.get(key);
  if (running) return running;
  const resolving = ensureModel(config, entry, options).finally(() => inFlight.delete(key));
  inFlight.set(key, resolving);
  return resolving;
}

/** The model a transcription would use now, without downloading anything; null when none is there. */
export async function installedWhisperModel(config: ModelConfig): Promise<string | null> {
  if (config.WHISPER_MODEL)
    return (await fileStat(config.WHISPER_MODEL)) ? path.resolve(config.WHISPER_MODEL) : null;
  const file = path.join(modelsDir(config.dataDir), modelFileName(config.WHISPER_MODEL_NAME));
  return (await fileStat(file)) ? file : null;
}

export type InstalledState = 'verified' | 'unverified' | 'missing';

/** Whether a catalog model is in DATA_DIR/models, for `npm run model -- list`. */
export async function installedState(dataDir: string, entry: WhisperModelEntry): Promise<InstalledState> {
  const file = path.join(modelsDir(dataDir), modelFileName(entry.name));
  if (await hasValidMarker(file, entry.checksum)) return 'verified';
  return (await fileStat(file)) ? 'unverified' : 'missing';
}
