import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * One medium-weight Noto face per script we burn in (SUBTITLE-STYLE.md failure 6, "Tofu boxes"), and
 * the emoji face (shared/subtitles/ass-fonts.ts names which draws what).
 */
export const FONT_FILES = [
  '@expo-google-fonts/noto-sans/500Medium/NotoSans_500Medium.ttf',
  '@expo-google-fonts/noto-sans-jp/500Medium/NotoSansJP_500Medium.ttf',
  '@expo-google-fonts/noto-sans-kr/500Medium/NotoSansKR_500Medium.ttf',
  '@expo-google-fonts/noto-sans-sc/500Medium/NotoSansSC_500Medium.ttf',
  '@expo-google-fonts/noto-sans-thai/500Medium/NotoSansThai_500Medium.ttf',
  '@expo-google-fonts/noto-sans-devanagari/500Medium/NotoSansDevanagari_500Medium.ttf',
  // Monochrome: libass draws outlines, not colour bitmaps (issue 35). One weight, as libass asks for it.
  '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
];

/** The file names of the faces, as the browser's preview fetches them (/api/subtitle-fonts/<name>). */
export const SUBTITLE_FONT_NAMES: readonly string[] = FONT_FILES.map((spec) => path.basename(spec));

export interface SubtitleFonts {
  fontsDir: string;
  /** For FONTCONFIG_FILE: libass falls back per glyph only through fontconfig, not `fontsdir` alone. */
  fontconfigFile: string;
}

export function packageFile(spec: string): string {
  const [scope, name, ...rest] = spec.split('/');
  const packageJson = require.resolve(`${scope}/${name}/package.json`);
  return path.join(path.dirname(packageJson), ...rest);
}

/**
 * Puts a file in place through a temporary one: burn-ins running side by side (worker slots, other
 * worker processes on the same DATA_DIR) must never hand libass a half-written font or config.
 */
async function placeAtomically(target: string, write: (partial: string) => Promise<void>): Promise<void> {
  const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
  await write(partial);
  await rename(partial, target);
}

/** Copies the faces into DATA_DIR/fonts once (the packages hold every weight; we need one). */
export async function prepareSubtitleFonts(dataDir: string): Promise<SubtitleFonts> {
  const fontsDir = path.join(dataDir, 'fonts');
  await mkdir(fontsDir, { recursive: true });
  for (const spec of FONT_FILES) {
    const target = path.join(fontsDir, path.basename(spec));
    if (!existsSync(target)) await placeAtomically(target, (partial) => copyFile(packageFile(spec), partial));
  }
  const fontconfigFile = path.join(fontsDir, 'fonts.conf');
  const cacheDir = path.join(fontsDir, 'cache');
  await placeAtomically(fontconfigFile, (partial) =>
    writeFile(
      partial,
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${fontsDir}</dir>\n  <cachedir>${cacheDir}</cachedir>\n</fontconfig>\n`,
    ),
  );
  return { fontsDir, fontconfigFile };
}
