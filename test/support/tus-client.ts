import * as tus from 'tus-js-client';

export interface TusOutcome {
  /** The upload's URL, once created. */
  url: string | null;
  /** Bytes of PATCH bodies the client finished sending in this session. */
  bytesSent: number;
  /** The server's last answer: 200/204 when accepted, else its refusal. */
  status: number;
  body: string;
  /** False when the session was stopped on purpose (`stopAtShare`). */
  finished: boolean;
}

export interface TusSession {
  endpoint: string;
  token: string;
  metadata: Record<string, string>;
  /** Resumes this upload (a HEAD asks where it stopped) instead of creating one. */
  uploadUrl?: string;
  /** Sends the file in PATCHes of this many bytes. */
  chunkSize?: number;
  /** Stops the session (as a dropped connection does) once this share of the file was sent. */
  stopAtShare?: number;
}

/**
 * One session of tus-js-client, the library the forms use, in Node against a listening app: it
 * resolves when the upload finished, was refused, or was stopped at `stopAtShare`.
 */
export function tusSession(file: Buffer, session: TusSession): Promise<TusOutcome> {
  return new Promise((resolve) => {
    let bytesSent = 0;
    let finished = false;
    let stopped = false;
    const upload = new tus.Upload(file, {
      endpoint: session.endpoint,
      uploadUrl: session.uploadUrl ?? null,
      metadata: session.metadata,
      headers: { authorization: `Bearer ${session.token}` },
      chunkSize: session.chunkSize ?? Number.POSITIVE_INFINITY,
      retryDelays: null,
      storeFingerprintForResuming: false,
      onChunkComplete: (chunkSize, accepted, total) => {
        bytesSent += chunkSize;
        if (session.stopAtShare !== undefined && accepted < total && accepted >= total * session.stopAtShare)
          stopped = true;
      },
      // The next request after the stop fails before it leaves, as one over a dropped connection.
      onBeforeRequest: () => {
        if (stopped) throw new Error('connection dropped');
      },
      onSuccess: ({ lastResponse }) => {
        finished = true;
        resolve({
          url: upload.url,
          bytesSent,
          status: lastResponse.getStatus(),
          body: lastResponse.getBody(),
          finished,
        });
      },
      onError: (error) => {
        if (stopped) {
          resolve({ url: upload.url, bytesSent, status: 0, body: '', finished: false });
          return;
        }
        const response = (error as tus.DetailedError).originalResponse;
        resolve({
          url: upload.url,
          bytesSent,
          status: response?.getStatus() ?? 0,
          body: response?.getBody() ?? String(error),
          finished: true,
        });
      },
    });
    upload.start();
  });
}
