import { runTimed } from '../process-run';

export interface CurlUpload {
  url: string;
  token?: string;
  fields?: Record<string, string>;
  files: { name: string; path: string; type: string }[];
}

export interface CurlResult {
  status: number;
  /** curl's own timing of the whole request, in seconds. */
  seconds: number;
  uploadedBytes: number;
  body: string;
}

/**
 * A multipart POST by curl, as a browser's form would send it; curl's timing is the client's. The
 * disk's dirty pages are written out first (`sync`, untimed): the gigabytes an earlier step wrote
 * (the inputs, a sink's copy, the last upload) would otherwise be flushed during this one, slowing it
 * by whatever came before it.
 */
export async function curlUpload(upload: CurlUpload): Promise<CurlResult> {
  await runTimed('sync', []);
  const args = ['-sS', '-H', 'Expect:', '-w', '\n%{http_code} %{time_total} %{size_upload}'];
  if (upload.token) args.push('-H', `Authorization: Bearer ${upload.token}`);
  for (const [name, value] of Object.entries(upload.fields ?? {}))
    args.push('--form-string', `${name}=${value}`);
  for (const file of upload.files) args.push('-F', `${file.name}=@${file.path};type=${file.type}`);
  args.push(upload.url);
  const { stdout } = await runTimed('curl', args);
  const lines = stdout.trimEnd().split('\n');
  const [status, seconds, bytes] = (lines.pop() ?? '').split(' ').map(Number);
  if (status === undefined || seconds === undefined || bytes === undefined || !Number.isFinite(seconds)) {
    throw new Error(`could not read curl's timing from: ${stdout.slice(-200)}`);
  }
  return { status, seconds, uploadedBytes: bytes, body: lines.join('\n') };
}

/** The id of the video an upload endpoint answered with (`data.id`). */
export function uploadedVideoId(result: CurlResult): number {
  if (result.status !== 200)
    throw new Error(`upload answered ${result.status}: ${result.body.slice(0, 300)}`);
  const parsed: unknown = JSON.parse(result.body);
  const data = typeof parsed === 'object' && parsed !== null && 'data' in parsed ? parsed.data : undefined;
  const id = typeof data === 'object' && data !== null && 'id' in data ? data.id : undefined;
  if (typeof id !== 'number')
    throw new Error(`upload answered without a video id: ${result.body.slice(0, 300)}`);
  return id;
}
