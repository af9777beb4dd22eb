import { SESSION_KEYS } from '../../lib/session';

export type UploadMode = 'generate' | 'hardcode';

/**
 * The saved upload data of PRODUCT.md §3, stored under localStorage 'uploadData' while the user buys
 * credits: title and description, and for generate mode also the plan and languages.
 */
export interface SavedUploadForm {
  mode: UploadMode;
  title: string;
  description: string;
  plan?: string;
  inLan?: string;
  outLan?: string;
}

export const UPLOAD_DATA_KEY = SESSION_KEYS.uploadData;

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Reads what was stored, tolerating older or hand-edited values; null when nothing usable is there. */
export function parseSavedUploadForm(raw: string | null): SavedUploadForm | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const mode: UploadMode = record.mode === 'hardcode' ? 'hardcode' : 'generate';
  const form: SavedUploadForm = {
    mode,
    title: text(record.title) ?? '',
    description: text(record.description) ?? '',
  };
  if (mode === 'generate') {
    const plan = text(record.plan);
    const inLan = text(record.inLan);
    const outLan = text(record.outLan);
    if (plan) form.plan = plan;
    if (inLan) form.inLan = inLan;
    if (outLan) form.outLan = outLan;
  }
  return form;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readSavedUploadForm(): SavedUploadForm | null {
  return parseSavedUploadForm(storage()?.getItem(UPLOAD_DATA_KEY) ?? null);
}

export function writeSavedUploadForm(form: SavedUploadForm): void {
  storage()?.setItem(UPLOAD_DATA_KEY, JSON.stringify(form));
}

export function clearSavedUploadForm(): void {
  storage()?.removeItem(UPLOAD_DATA_KEY);
}
