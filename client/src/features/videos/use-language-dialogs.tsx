import { useState } from 'react';
import type { OutputLanguage } from '../../../../shared/languages';
import { isAudioOnly } from '../../../../shared/video-status';
import { AddLanguageDialog, type AddLanguageTarget } from './AddLanguageDialog';
import { BurnLanguageDialog, type BurnLanguageTarget } from './BurnLanguageDialog';
import type { LanguageActions } from './LanguageChips';
import type { useVideoDownloads } from './video-downloads';
import type { LanguageChipView } from './video-languages';
import type { VideoRowView } from './video-rows';

/** The two language dialogs of My Videos (one of each for the whole table) and the chips' actions. */
export function useLanguageDialogs(downloads: ReturnType<typeof useVideoDownloads>) {
  const [adding, setAdding] = useState<AddLanguageTarget | null>(null);
  const [burning, setBurning] = useState<BurnLanguageTarget | null>(null);
  const nameOf = (video: VideoRowView) => video.title || video.filename;
  const actions: LanguageActions = {
    onAdd: (video: VideoRowView, language?: OutputLanguage) =>
      setAdding({ id: video.id, name: nameOf(video), audioOnly: isAudioOnly(video), language }),
    onBurn: (video: VideoRowView, chip: LanguageChipView) =>
      setBurning({
        id: video.id,
        name: nameOf(video),
        language: chip.language,
        outdated: chip.burnOutdated === true,
      }),
    onDownloadSrt: (video: VideoRowView, language: OutputLanguage) =>
      void downloads.languageSrt(video, language),
    onDownloadBurned: (video: VideoRowView, language: OutputLanguage) =>
      void downloads.languageBurned(video, language),
  };
  const dialogs = (
    <>
      <AddLanguageDialog target={adding} onClose={() => setAdding(null)} />
      <BurnLanguageDialog target={burning} onClose={() => setBurning(null)} />
    </>
  );
  return { actions, dialogs };
}
