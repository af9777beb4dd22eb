import { Card, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

export interface FormCardProps {
  /** Names the form for screen readers. */
  label: string;
  onSubmit: (event: FormEvent) => void;
  /** The card's greatest width in pixels. */
  width: number;
  children: ReactNode;
}

/** An admin edit form in a bordered card: the fields stacked, the browser's own checks off (ours speak). */
export function FormCard({ label, onSubmit, width, children }: FormCardProps) {
  return (
    <Card withBorder padding="lg" maw={width}>
      <form onSubmit={onSubmit} noValidate aria-label={label}>
        <Stack gap="sm">{children}</Stack>
      </form>
    </Card>
  );
}
