import { NativeSelect } from '@mantine/core';
import { memo } from 'react';
import { PLANS } from '../../../../shared/plans';
import { OWN_SUBTITLES_CPS } from '../../../../shared/subtitles/editor';

/** The reading speeds of the plans that cap one, as choices for a user's own subtitles. */
const CHOICES = PLANS.flatMap((plan) =>
  plan.maxCharsPerSecond === null
    ? []
    : [
        {
          value: String(plan.maxCharsPerSecond),
          label: `${plan.maxCharsPerSecond} characters per second${plan.maxCharsPerSecond === OWN_SUBTITLES_CPS ? ' (adults)' : ''}`,
        },
      ],
);

export interface OwnReadingSpeedProps {
  value: number;
  onChange: (cps: number) => void;
}

/** The reading speed a user's own subtitles are checked against (they have no plan). */
export const OwnReadingSpeed = memo(function OwnReadingSpeed({ value, onChange }: OwnReadingSpeedProps) {
  return (
    <NativeSelect
      size="xs"
      label="Reading speed to check against"
      data={CHOICES}
      value={String(value)}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
    />
  );
});
