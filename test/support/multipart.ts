import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer | string; type?: string };

/** A multipart/form-data body, as a browser's FormData would send it. */
export function multipartBody(parts: Part[]) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`
        : `Content-Disposition: form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\n${disposition}\r\n\r\n`));
    const content = 'filename' in part ? part.content : part.value;
    chunks.push(Buffer.isBuffer(content) ? content : Buffer.from(content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function filePart(name: string, file: string, filename: string, type?: string): Promise<Part> {
  return { name, filename, content: await readFile(file), type };
}
