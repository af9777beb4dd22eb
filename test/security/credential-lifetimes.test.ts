import { afterAll, describe, expect, it } from 'vitest';
import { recordFigure } from '../support/figures';
import { testApp } from '../support/http';
import { openCredentialTable } from './credential-lifetimes';

/** The attack table of credential-lifetimes.ts, every cell (what each holds is written there). */
const opened = await testApp({}, { liveRecheckMs: 500 });
afterAll(() => opened.app.close());
const table = await openCredentialTable(opened);

const TRIED = 'credentials tried after the event that ends them, or for what a token may not do';

describe('every credential, tried after the event that ends it', () => {
  it.each(table.cells)('%s: refused, with nothing of the company', async (label) => {
    expect(await table.attack(label)).toEqual([]);
    recordFigure(TRIED, 1, undefined, table.cells.length);
  });
});
