import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaBinaries } from '../../server/media/binaries';
import { prepareSubtitleFonts } from '../../server/media/fonts';
import { probeVideo } from '../../server/media/probe';
import { makeSoftSubtitleFile } from '../../server/media/soft-subtitles';
import type { OutputLanguage } from '../../shared/languages';
import { ISO_639_2, OUTPUT_LANGUAGES } from '../../shared/languages';
import { parseSrt } from '../../shared/subtitles';
import { fontFilesOfAss } from '../../shared/subtitles/font-files';
import { writeCueFile } from '../../shared/subtitles/subtitle-files';

export interface SoftSubtitleMeasurements {
  seconds: number;
  /** Wall time of each making of the MKV, ms. */
  mkvMs: number[];
  /** The MKV's size over the source's. */
  sizeRatio: number;
}

const LANGUAGE: OutputLanguage = 'en';

/**
 * The video with its subtitles as a track (issue 40), made as the product makes it: the burn-in's ASS
 * written for the clip's frame, then one ffmpeg run copying picture and sound into an MKV with it and
 * the faces it draws with (server/media/soft-subtitles.ts). The source is read from a local file, as on disk storage.
 */
export async function measureSoftSubtitles(
  media: MediaBinaries,
  workDir: string,
  input: { clip: string; srt: string; seconds: number },
  options: { repeats: number },
): Promise<SoftSubtitleMeasurements> {
  const probe = await probeVideo(media.ffprobe, input.clip);
  const { fontsDir } = await prepareSubtitleFonts(workDir);
  const ass = path.join(workDir, 'soft-subtitles.ass');
  const output = path.join(workDir, 'soft-subtitles.mkv');
  const mkvMs: number[] = [];
  let sizeRatio = Number.NaN;
  try {
    for (let repeat = 0; repeat < options.repeats; repeat++) {
      const started = performance.now();
      const cues = parseSrt(await readFile(input.srt, 'utf8'));
      const script = writeCueFile('ass', cues, {
        width: probe.width,
        height: probe.height,
        language: LANGUAGE,
      });
      await writeFile(ass, script);
      await makeSoftSubtitleFile(
        media.ffmpeg,
        {
          input: input.clip,
          tracks: [
            { file: ass, language: ISO_639_2[LANGUAGE], title: OUTPUT_LANGUAGES[LANGUAGE], isDefault: true },
          ],
          container: 'matroska',
          audioOnly: false,
          fonts: fontFilesOfAss(script).map((font) => path.join(fontsDir, font)),
          output,
          mediaSeconds: input.seconds,
          timeLimit: media.timeLimit,
        },
        { cwd: workDir },
      );
      mkvMs.push(performance.now() - started);
      sizeRatio = (await stat(output)).size / (await stat(input.clip)).size;
      await rm(output, { force: true });
    }
  } finally {
    await rm(ass, { force: true });
    await rm(output, { force: true });
  }
  return { seconds: input.seconds, mkvMs, sizeRatio };
}
