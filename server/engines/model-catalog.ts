import path from 'node:path';
import { EngineRefused } from './types';

export interface ModelChecksum {
  algorithm: 'sha1' | 'sha256';
  /** Lower-case hex. */
  digest: string;
}

export interface WhisperModelEntry {
  name: string;
  /** For progress when the server sends no length, and for `npm run model -- list`. */
  approximateBytes: number;
  checksum: ModelChecksum;
}

const MiB = 1024 * 1024;

/**
 * whisper.cpp's published ggml models (all multilingual: the product takes 8 input languages).
 * Sizes and SHA-1 from whisper.cpp's models/README.md.
 */
export const WHISPER_MODELS: readonly WhisperModelEntry[] = [
  { name: 'tiny', approximateBytes: 75 * MiB, checksum: sha1('bd577a113a864445d4c299885e0cb97d4ba92b5f') },
  { name: 'base', approximateBytes: 142 * MiB, checksum: sha1('465707469ff3a37a2b9b8d8f89f2f99de7299dac') },
  { name: 'small', approximateBytes: 466 * MiB, checksum: sha1('55356645c2b361a969dfd0ef2c5a50d530afd8d5') },
  {
    name: 'large-v3-turbo-q5_0',
    approximateBytes: 547 * MiB,
    checksum: sha1('e050f7970618a659205450ad97eb95a18d69c9ee'),
  },
  {
    name: 'large-v3-turbo',
    approximateBytes: 1536 * MiB,
    checksum: sha1('4af2b29d7ec73d781377bfd1758ca957a807e941'),
  },
];

function sha1(digest: string): ModelChecksum {
  return { algorithm: 'sha1', digest };
}

export function findWhisperModel(name: string, catalog: readonly WhisperModelEntry[]): WhisperModelEntry {
  const entry = catalog.find((model) => model.name === name);
  if (!entry) {
    const known = catalog.map((model) => model.name).join(', ');
    throw new EngineRefused(`Unknown Whisper model "${name}" (WHISPER_MODEL_NAME); known models: ${known}`);
  }
  return entry;
}

export function modelFileName(name: string): string {
  return `ggml-${name}.bin`;
}

export function modelUrl(baseUrl: string, name: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${modelFileName(name)}`;
}

/** Where downloaded models live: DATA_DIR/models. */
export function modelsDir(dataDir: string): string {
  return path.join(dataDir, 'models');
}
