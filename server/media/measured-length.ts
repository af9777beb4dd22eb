import { runFfmpeg } from './run-ffmpeg';

/**
 * Every packet's time and length, one line each (`pts,dts,duration`): the demuxer reads the packets
 * without decoding a frame, so a 1.5 GB file takes about a second from the page cache.
 */
export function packetTimesArgs(file: string): string[] {
  return [
    ...['-v', 'error', '-show_entries', 'packet=pts_time,dts_time,duration_time'],
    ...['-of', 'csv=p=0', file],
  ];
}

/** The span of the packets seen so far: from the earliest start to the latest end. */
export class PacketSpan {
  private first = Number.POSITIVE_INFINITY;
  private last = Number.NEGATIVE_INFINITY;
  private rest = '';

  /** Takes ffprobe's output as it comes, in chunks that may cut a line anywhere. */
  add(chunk: string) {
    const lines = (this.rest + chunk).split('\n');
    this.rest = lines.pop() ?? '';
    for (const line of lines) this.line(line);
  }

  private line(line: string) {
    // A packet with side data has more fields after these three.
    const [pts, dts, duration] = line.split(',').map(Number);
    const start = Number.isFinite(pts) ? pts : dts;
    if (start === undefined || !Number.isFinite(start)) return;
    this.first = Math.min(this.first, start);
    this.last = Math.max(
      this.last,
      start + (duration !== undefined && Number.isFinite(duration) ? duration : 0),
    );
  }

  /** Seconds from the first packet's start to the last one's end; null when no packet had a time. */
  seconds(): number | null {
    this.line(this.rest);
    this.rest = '';
    return this.last >= this.first ? this.last - this.first : null;
  }
}

/**
 * The length of the media itself, whatever its header says: from the packets the file really holds,
 * read to its end (a Matroska `Duration` patched to one second, or an MP4 whose index names more than
 * the file holds, both fool the header but not this). Null when no packet could be read.
 */
export async function measureMediaSeconds(
  ffprobe: string,
  file: string,
  timeLimitMs: number,
): Promise<number | null> {
  const span = new PacketSpan();
  await runFfmpeg(ffprobe, packetTimesArgs(file), {
    timeLimitMs,
    onOutput: (chunk) => span.add(chunk.toString('latin1')),
  });
  return span.seconds();
}
