import { clearSavedFiles, getSavedFiles, putSavedFiles, type SavedUploadFiles } from './saved-upload-files';
import {
  clearSavedUploadForm,
  readSavedUploadForm,
  type SavedUploadForm,
  writeSavedUploadForm,
} from './saved-upload-form';

export interface SavedUpload {
  form: SavedUploadForm;
  files: SavedUploadFiles;
}

/**
 * Saves the form (localStorage 'uploadData', which the buy screen looks for) and, where the browser
 * allows, the chosen files. Losing the files is not fatal: the user picks them again.
 */
export async function saveUpload({ form, files }: SavedUpload): Promise<void> {
  writeSavedUploadForm(form);
  try {
    await putSavedFiles(files);
  } catch (error) {
    console.warn('The chosen files could not be kept for later', error);
  }
}

/** The saved upload, or null when none was saved (files alone, e.g. after a logout, do not count). */
export async function loadSavedUpload(): Promise<SavedUpload | null> {
  const form = readSavedUploadForm();
  if (!form) {
    await clearSavedFiles().catch(() => {});
    return null;
  }
  const files = await getSavedFiles().catch(() => null);
  return { form, files: files ?? {} };
}

export async function clearSavedUpload(): Promise<void> {
  clearSavedUploadForm();
  await clearSavedFiles().catch(() => {});
}
