// A Whisper process (whisper-process.ts starts it): loads the model file named by its argument
// once, then transcribes the windows its parent sends, one at a time, answering over the IPC channel.
import type { TranscribeOptions, TranscribeResult } from '@fugood/whisper.node';

/** What the parent sends: one window of 16 kHz samples, little-endian 16-bit. */
export interface WindowRequest {
  audio: Uint8Array;
  options: Omit<TranscribeOptions, 'onProgress' | 'onNewSegments'>;
}

export type ChildMessage =
  | { type: 'ready' }
  | { type: 'unloadable'; reason: string }
  | { type: 'progress'; percent: number }
  | { type: 'result'; result: TranscribeResult }
  | { type: 'error'; reason: string };

const send = (message: ChildMessage, then?: () => void) => {
  if (process.connected) process.send?.(message, undefined, {}, then);
};
const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// The parent's end is this process's end: a server that exits or is killed takes it along. Not
// process.exit(): it waits for a running whisper.cpp call to finish (libuv joins its threads).
process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'));
// Ctrl-C (and a service manager's stop) reaches the whole process group: the parent decides when a
// running transcription stops, and ends this process when it ends.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});

async function loadModel(modelFile: string) {
  const binding = await import('@fugood/whisper.node');
  // Left alone, whisper.cpp prints ~30 lines to stderr per load; with the binding's log hook on,
  // they go to it instead (and no listener hears them). Load failures still arrive as errors.
  await binding.toggleNativeLog(true);
  try {
    return await binding.initWhisper({ filePath: modelFile });
  } finally {
    await binding.toggleNativeLog(false);
  }
}

const context = await loadModel(process.argv[2] ?? '').catch((error: unknown) => {
  send({ type: 'unloadable', reason: reasonOf(error) }, () => process.exit(1));
  return null;
});

if (context) {
  process.on('message', ({ audio, options }: WindowRequest) => {
    // The binding wants an ArrayBuffer of exactly these samples (host byte order = WAV's little-endian).
    const samples = new ArrayBuffer(audio.byteLength);
    new Uint8Array(samples).set(audio);
    const onProgress = (percent: number) => send({ type: 'progress', percent });
    context.transcribeData(samples, { ...options, onProgress }).promise.then(
      (result) => send({ type: 'result', result }),
      (error: unknown) => send({ type: 'error', reason: reasonOf(error) }),
    );
  });
  send({ type: 'ready' });
}
