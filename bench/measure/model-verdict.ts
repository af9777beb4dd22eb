import path from 'node:path';
import { WHISPER_MODELS } from '../../server/engines/model-catalog';

export interface ModelCandidate {
  file: string;
  /** Where it was found: WHISPER_MODEL, or the product's download folder. */
  origin: string;
  /** null when the file does not exist. */
  sha256: string | null;
  sha1: string | null;
  /** A model file without weights (a test model): it transcribes nothing. */
  weightless: boolean;
}

export type ModelVerdict = { kind: 'trained'; file: string; name: string } | { kind: 'none'; reason: string };

/** Decides from the files' checksums and contents whether a usable (trained) model is at hand, and says why not. */
export function judgeModels(candidates: readonly ModelCandidate[]): ModelVerdict {
  const notes: string[] = [];
  for (const candidate of candidates) {
    if (candidate.sha256 === null) {
      notes.push(`${candidate.origin} points at ${candidate.file}, which does not exist`);
    } else if (candidate.weightless) {
      notes.push(`${candidate.origin} is a test model without weights, whose transcript is always empty`);
    } else {
      const known = WHISPER_MODELS.find((model) => model.checksum.digest === candidate.sha1);
      return { kind: 'trained', file: candidate.file, name: known?.name ?? path.basename(candidate.file) };
    }
  }
  if (candidates.length === 0)
    notes.push('WHISPER_MODEL is unset and the product has downloaded no model (.data/models is empty)');
  return {
    kind: 'none',
    reason: `no trained Whisper model on this machine: ${notes.join('; ')}. Trained weights cannot be fetched on a machine without access to huggingface.co; set WHISPER_MODEL to a trained ggml model (e.g. base) to measure it`,
  };
}
