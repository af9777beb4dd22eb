import { describe, expect, it } from 'vitest';
import { formatSignedEuros, ledgerDetails, ledgerKindLabel } from './ledger-kinds';

describe('ledger display', () => {
  it('signs amounts: credited with +, spent with −', () => {
    expect(formatSignedEuros(500)).toBe('+€5.00');
    expect(formatSignedEuros(-120)).toBe('−€1.20');
    expect(formatSignedEuros(0)).toBe('€0.00');
  });

  it('names the kinds for people', () => {
    expect(ledgerKindLabel('charge')).toBe('Video');
    expect(ledgerKindLabel('something-new')).toBe('something-new');
  });

  it('says what an entry was for', () => {
    const entry = { kind: 'purchase', note: null, videoId: null, reference: 'cs_test_1' };
    expect(ledgerDetails(entry)).toBe('Online payment');
    expect(ledgerDetails({ ...entry, kind: 'charge', videoId: 4 })).toBe('Video #4');
    expect(ledgerDetails({ ...entry, kind: 'charge', videoId: 5, videoTitle: 'Launch interview' })).toBe(
      'Launch interview (video #5)',
    );
    expect(ledgerDetails({ ...entry, kind: 'transfer', note: 'private credits of user 3' })).toBe(
      'private credits of user 3',
    );
  });

  it('says which added language a charge or refund was for', () => {
    const charge = { kind: 'charge', note: null, videoId: 5, videoTitle: 'Launch interview', reference: 'x' };
    expect(ledgerDetails({ ...charge, language: 'fr' })).toBe(
      'Launch interview (video #5), French subtitles',
    );
    expect(ledgerDetails({ ...charge, kind: 'refund', videoTitle: null, language: 'ja' })).toBe(
      'Video #5, Japanese subtitles',
    );
    expect(ledgerDetails({ ...charge, language: null })).toBe('Launch interview (video #5)');
  });
});
