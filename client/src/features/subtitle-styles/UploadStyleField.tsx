import { useState } from 'react';
import { UPLOAD_STYLE_FIELD } from '../../../../shared/schemas/subtitle-styles';
import type { CustomStyle, StyleChoice } from '../../../../shared/subtitles/subtitle-style';
import { SubtitleStylePicker } from './SubtitleStylePicker';
import { useCompanyStyle } from './use-company-style';

export interface UploadStyle {
  /** What the picker shows: the user's choice, else the company's default. */
  shown: StyleChoice;
  choose: (style: StyleChoice) => void;
  /** The company's own style, offered with the presets. */
  custom: CustomStyle | null;
  /** Sends only a choice the user made: the server gives the rest the company's default. */
  addTo: (form: FormData) => void;
}

export function useStyleChoice(): UploadStyle {
  const company = useCompanyStyle();
  const [chosen, setChosen] = useState<StyleChoice | null>(null);
  return {
    shown: chosen ?? company.style,
    choose: setChosen,
    custom: company.custom,
    addTo: (form) => {
      if (chosen) form.set(UPLOAD_STYLE_FIELD, chosen);
    },
  };
}

/** The upload forms' style choice, starting at the company's default. */
export function UploadStyleField({ choice, disabled }: { choice: UploadStyle; disabled?: boolean }) {
  return (
    <SubtitleStylePicker
      value={choice.shown}
      onChange={choice.choose}
      custom={choice.custom}
      description="How the burned-in subtitles look. You can change it later in the subtitle editor."
      disabled={disabled}
    />
  );
}
