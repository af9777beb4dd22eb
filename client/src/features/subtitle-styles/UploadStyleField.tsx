import { useState } from 'react';
import { UPLOAD_STYLE_FIELD } from '../../../../shared/schemas/subtitle-styles';
import type { SubtitleStyleId } from '../../../../shared/subtitles/subtitle-style';
import { SubtitleStylePicker } from './SubtitleStylePicker';
import { useCompanyStyle } from './use-company-style';

export interface StyleChoice {
  /** What the picker shows: the user's choice, else the company's default. */
  shown: SubtitleStyleId;
  choose: (style: SubtitleStyleId) => void;
  /** Sends only a choice the user made: the server gives the rest the company's default. */
  addTo: (form: FormData) => void;
}

export function useStyleChoice(): StyleChoice {
  const company = useCompanyStyle();
  const [chosen, setChosen] = useState<SubtitleStyleId | null>(null);
  return {
    shown: chosen ?? company.style,
    choose: setChosen,
    addTo: (form) => {
      if (chosen) form.set(UPLOAD_STYLE_FIELD, chosen);
    },
  };
}

/** The upload forms' style choice, starting at the company's default. */
export function UploadStyleField({ choice, disabled }: { choice: StyleChoice; disabled?: boolean }) {
  return (
    <SubtitleStylePicker
      value={choice.shown}
      onChange={choice.choose}
      description="How the burned-in subtitles look. You can change it later in the subtitle editor."
      disabled={disabled}
    />
  );
}
