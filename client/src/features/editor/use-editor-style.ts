import { useMemo, useState } from 'react';
import {
  type CustomStyle,
  resolveStyle,
  type StyleChoice,
} from '../../../../shared/subtitles/subtitle-style';
import { useCompanyStyle } from '../subtitle-styles/use-company-style';

/**
 * The style the preview draws and a new burn-in would use: the video's own until another is chosen.
 * The video keeps its copy of a custom style; one chosen anew is the company's current one.
 */
export function useEditorStyle(video: { style: StyleChoice; customStyle?: CustomStyle | null }) {
  const [style, setStyle] = useState<StyleChoice>(video.style);
  const restyled = style !== video.style;
  const company = useCompanyStyle();
  const custom = restyled ? company.custom : (video.customStyle ?? company.custom);
  const look = useMemo(() => resolveStyle(style, custom), [style, custom]);
  return { style, setStyle, restyled, custom, look };
}
