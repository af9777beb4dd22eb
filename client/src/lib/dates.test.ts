import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMediumDate } from './dates';

describe('admin dates', () => {
  const date = new Date(2025, 0, 5, 9, 3, 7);

  it("formats table dates as 'yyyy-MM-dd HH:mm'", () => {
    expect(formatDateTime(date)).toBe('2025-01-05 09:03');
    expect(formatDateTime(date.toISOString())).toBe('2025-01-05 09:03');
  });

  it('formats the detail date in the medium format', () => {
    expect(formatMediumDate(date)).toMatch(/^Jan 5, 2025, 9:03:07\sAM$/);
  });

  it("shows '-' for a date it cannot read", () => {
    expect(formatDateTime('nonsense')).toBe('-');
    expect(formatMediumDate('nonsense')).toBe('-');
  });
});

describe('dates on every screen', () => {
  it("are shown as 'yyyy-MM-dd HH:mm', but in the two detail dialogs PRODUCT.md §2 gives the medium format", async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const path = await import('node:path');
    const root = path.resolve(__dirname, '..');
    // A chart's axis names its days ('5 Jan'), not a moment.
    const AXIS_LABELS = 'features/admin/dashboard/figures.ts';
    const MEDIUM_BY_PRODUCT = new Set([
      'features/audit/AuditScreen.tsx',
      'features/messages/MessageDetailDialog.tsx',
    ]);
    const files = (readdirSync(root, { recursive: true }) as string[]).filter(
      (file) => /\.tsx?$/.test(file) && !file.includes('.test.'),
    );
    const offending = files.filter((file) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      if (
        /\.toLocale(Date)?String\(|dateStyle:/.test(text) &&
        !file.startsWith('lib/') &&
        file !== AXIS_LABELS &&
        !file.endsWith('format-date.ts')
      )
        return true;
      return (
        /formatMediumDate\(/.test(text) &&
        !MEDIUM_BY_PRODUCT.has(file) &&
        !file.startsWith('lib/') &&
        !file.endsWith('format-date.ts')
      );
    });
    expect(offending).toEqual([]);
  });
});
