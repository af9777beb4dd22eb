/** Saves text as a UTF-8 file through a temporary object URL, leaving the page where it is. */
export function saveTextFile(text: string, fileName: string, mimeType = 'application/x-subrip'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${mimeType};charset=utf-8` }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the object URL goes.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
