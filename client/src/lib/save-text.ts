/** Saves a file through a temporary object URL, leaving the page where it is. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the object URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves text as a UTF-8 file. */
export function saveTextFile(text: string, fileName: string, mimeType = 'application/x-subrip'): void {
  saveFile(new Blob([text], { type: `${mimeType};charset=utf-8` }), fileName);
}

/** Saves bytes sent as base64 (a ZIP from the server). */
export function saveBase64File(base64: string, fileName: string, mimeType: string): void {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  saveFile(new Blob([bytes], { type: mimeType }), fileName);
}
