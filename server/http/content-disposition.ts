/**
 * RFC 6266 / RFC 8187: the real name, in any script, in `filename*`; an ASCII stand-in in `filename=`
 * for clients that read only that. A header value must be Latin-1: a raw `会議の記録.mp4` in it makes
 * Node refuse the whole answer (ERR_INVALID_CHAR), so no character outside printable ASCII is written raw.
 */
export function attachment(filename: string): string {
  return `attachment; filename="${asciiFallback(filename)}"; filename*=UTF-8''${extValue(filename)}`;
}

/**
 * `Café Zoë.srt` → `Cafe Zoe.srt`; what no ASCII letter can stand for goes, and a name left with no
 * name before its first dot is called `download`: `会議の記録.ja.srt` → `download.ja.srt`.
 */
export function asciiFallback(filename: string): string {
  const ascii = filename
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]+/g, '_')
    .replace(/["\\]/g, '_')
    .replace(/^[_\s]+|[_\s]+(?=\.[^.]*$)/g, '');
  if (/^[^.]*[A-Za-z0-9]/.test(ascii)) return ascii;
  return `download${ascii.includes('.') ? ascii.slice(ascii.indexOf('.')) : ''}`;
}

/** RFC 8187's attr-chars: encodeURIComponent leaves `'()*!` as they are, which the grammar does not allow. */
function extValue(filename: string): string {
  return encodeURIComponent(filename).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}
