import type { CSSProperties } from 'react';
import type { SubtitleStyle } from '../../../../shared/subtitles/subtitle-style';
import classes from './subtitle-styles.module.css';

/** The outline as text shadows: eight offsets in the outline colour, as libass draws a border. */
function outlineShadow(style: SubtitleStyle, sizePx: number): string {
  const width = Math.max(1, Math.round(sizePx * style.outlineShareOfSize));
  const offsets = [-1, 0, 1].flatMap((x) => [-1, 0, 1].map((y) => [x, y])).filter(([x, y]) => x || y);
  return offsets
    .map(([x = 0, y = 0]) => `${x * width}px ${y * width}px 0 #${style.outlineColour}`)
    .join(', ');
}

/**
 * A small picture of a style: a line of text on a 16:9 frame, at the size and place the burn-in
 * gives it (shares of the frame), with its colour, outline or box.
 */
export function StylePreview({
  style,
  frameHeightPx = 72,
}: {
  style: SubtitleStyle;
  frameHeightPx?: number;
}) {
  // libass's font size is the line height; the em is about three quarters of it for Noto Sans.
  const sizePx = frameHeightPx * style.sizeShareOfHeight * 0.75;
  const box = style.box;
  const text: CSSProperties = {
    color: `#${style.textColour}`,
    fontSize: `${sizePx}px`,
    fontWeight: style.bold ? 700 : 500,
    ...(box
      ? {
          background: `color-mix(in srgb, #${box.colour} ${Math.round(box.opacity * 100)}%, transparent)`,
          padding: `0 ${Math.round(sizePx * style.outlineShareOfSize * 2)}px`,
        }
      : { textShadow: outlineShadow(style, sizePx) }),
  };
  const place: CSSProperties =
    style.position === 'top'
      ? { top: `${style.marginShareOfHeight * 100}%` }
      : { bottom: `${style.marginShareOfHeight * 100}%` };
  return (
    <div
      className={classes.frame}
      style={{ height: frameHeightPx, width: (frameHeightPx * 16) / 9 }}
      aria-hidden
    >
      <span className={classes.line} style={place}>
        <span style={text}>Subtitles look like this</span>
      </span>
    </div>
  );
}
