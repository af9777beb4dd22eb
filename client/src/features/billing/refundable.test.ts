import { describe, expect, it } from 'vitest';
import { refundableCharges } from './refundable';

const now = new Date('2026-11-23T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

describe('refundable charges', () => {
  it('are video charges of the last 2 days that were not refunded yet', () => {
    const entries = [
      { id: 1, kind: 'charge', videoId: 10, createdAt: hoursAgo(1) },
      { id: 2, kind: 'charge', videoId: 11, createdAt: hoursAgo(47) },
      { id: 3, kind: 'charge', videoId: 12, createdAt: hoursAgo(49) },
      { id: 4, kind: 'charge', videoId: 13, createdAt: hoursAgo(2) },
      { id: 5, kind: 'refund', videoId: 13, createdAt: hoursAgo(1) },
      { id: 6, kind: 'purchase', videoId: null, createdAt: hoursAgo(1) },
      { id: 7, kind: 'adjustment', videoId: null, createdAt: hoursAgo(1) },
    ];
    expect([...refundableCharges(entries, now)].sort()).toEqual([1, 2]);
  });
});
