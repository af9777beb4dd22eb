import { describe, expect, it } from 'vitest';
import { glossaryFromCsv, glossaryToCsv, parseCsvRows } from '../../../shared/glossary-csv';
import { adminToken, signedUpUser, testApp, testCaller } from '../../../test/support/http';
import { glossaryForVideo } from './service';

const { app, call, db } = await testApp();

async function member(name: string) {
  const user = await signedUpUser(call, name);
  return { ...user, api: testCaller(app, user.token) };
}

describe('a company glossary', () => {
  it('keeps terms as written and fixed translations, per company, for its users', async () => {
    const user = await member('glossary');
    const kept = await user.api.mutation('glossary.save', { term: ' Kubernetes ', keepAsWritten: true });
    expect(kept.status).toBe(200);
    const saved = await user.api.mutation('glossary.save', {
      term: 'zorgverzekeraar',
      keepAsWritten: false,
      translations: { en: 'health insurer', de: 'Krankenversicherer' },
    });
    expect(saved.data).toEqual([
      { id: expect.any(Number), term: 'Kubernetes', keepAsWritten: true, translations: {} },
      {
        id: expect.any(Number),
        term: 'zorgverzekeraar',
        keepAsWritten: false,
        translations: { en: 'health insurer', de: 'Krankenversicherer' },
      },
    ]);
    expect(await glossaryForVideo(db, user.companyId ?? 0, 'de')).toEqual({
      vocabulary: ['Kubernetes', 'zorgverzekeraar'],
      terms: {
        keep: ['Kubernetes'],
        fixed: [{ term: 'zorgverzekeraar', translation: 'Krankenversicherer' }],
      },
    });
    expect((await glossaryForVideo(db, user.companyId ?? 0, 'fr')).terms.fixed).toEqual([]);

    const other = await member('other-glossary');
    expect((await other.api.query('glossary.list', {})).data).toEqual([]);
    expect((await other.api.query('glossary.list', { companyId: user.companyId })).status).toBe(404);
  });

  it('refuses bad terms with a clear message, never a 500', async () => {
    const user = await member('glossary-bad');
    const cases = [
      [{ term: '', keepAsWritten: true }, 'Write the term'],
      [{ term: 'x'.repeat(101), keepAsWritten: true }, 'At most 100 characters'],
      [{ term: 'Brand', keepAsWritten: false }, 'Keep the term as written, or give at least one translation'],
      [
        { term: 'Brand', keepAsWritten: true, translations: { de: 'Marke' } },
        'A term kept as written has no translations',
      ],
      [{ term: 'Brand', keepAsWritten: false, translations: { xx: 'Marke' } }, ''],
    ] as const;
    for (const [input, message] of cases) {
      const answer = await user.api.mutation('glossary.save', input);
      expect(answer.status, JSON.stringify(input)).toBe(400);
      expect(answer.error.message).toContain(message);
    }
    await user.api.mutation('glossary.save', { term: 'Brand', keepAsWritten: true });
    const twice = await user.api.mutation('glossary.save', { term: 'BRAND', keepAsWritten: true });
    expect(twice.status).toBe(409);
    expect(twice.error.message).toBe('"BRAND" is already in the glossary');
  });

  it('edits and removes a term', async () => {
    const user = await member('glossary-edit');
    const [term] = (await user.api.mutation('glossary.save', { term: 'Acme', keepAsWritten: true })).data;
    const edited = await user.api.mutation('glossary.save', {
      id: term.id,
      term: 'ACME Cloud',
      keepAsWritten: true,
    });
    expect(edited.data).toEqual([{ id: term.id, term: 'ACME Cloud', keepAsWritten: true, translations: {} }]);
    expect((await user.api.mutation('glossary.remove', { id: term.id })).data).toEqual([]);
    expect((await user.api.mutation('glossary.remove', { id: term.id })).status).toBe(404);
  });

  it('exports and imports CSV, quoting what needs it, and names the line of a bad row', async () => {
    const user = await member('glossary-csv');
    const csv = [
      'term,keep_as_written,nl,de,ja',
      'Kubernetes,yes,,,',
      '"Zorgverzekeraar XYZ",yes,,,',
      '"health insurer, private",no,zorgverzekeraar,"Krankenversicherer ""privat""",保険会社',
    ].join('\n');
    const imported = await user.api.mutation('glossary.importCsv', { csv });
    expect(imported.status).toBe(200);
    expect(imported.data.imported).toBe(3);
    const exported = await user.api.query('glossary.exportCsv', {});
    expect(exported.data.filename).toBe('glossary-csv company glossary.csv');
    expect(exported.data.csv.split('\r\n')[0]).toBe(
      'term,keep_as_written,nl,en,fr,de,it,pt,es,sv,zh,hi,ja,ko,ru,th',
    );
    expect(exported.data.csv).toContain(
      '"health insurer, private",no,zorgverzekeraar,,,"Krankenversicherer ""privat""",',
    );
    const reread = glossaryFromCsv(exported.data.csv);
    expect(reread.ok && reread.terms.map((term) => term.term)).toEqual([
      'health insurer, private',
      'Kubernetes',
      'Zorgverzekeraar XYZ',
    ]);
    expect(glossaryToCsv(imported.data.terms)).toBe(exported.data.csv);

    const bad = await user.api.mutation('glossary.importCsv', {
      csv: 'term,keep_as_written\nAcme,perhaps\n',
    });
    expect(bad.status).toBe(400);
    expect(bad.error.message).toBe('Line 2: keep_as_written must be yes or no, not "perhaps"');
    const replaced = await user.api.mutation('glossary.importCsv', { csv: 'term\nAcme\n', replace: true });
    expect(replaced.data.terms.map((term: { term: string }) => term.term)).toEqual(['Acme']);
  });

  it('exports no term a spreadsheet would run as a formula, and reads its own export back', async () => {
    const user = await member('glossary-formulas');
    const typed = ['=HYPERLINK("https://evil.example","click")', '@SUM(A1:A9)', '+31 20 123', '-ing'];
    for (const term of typed)
      await user.api.mutation('glossary.save', { term, keepAsWritten: false, translations: { de: term } });
    const exported = await user.api.query('glossary.exportCsv', {});
    const cells = parseCsvRows(exported.data.csv).flat();
    expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
    const reread = glossaryFromCsv(exported.data.csv);
    expect(reread.ok && reread.terms.map((term) => [term.term, term.translations.de])).toEqual(
      expect.arrayContaining(typed.map((term) => [term, term])),
    );
  });

  it("lets admins keep any company's glossary", async () => {
    const user = await member('glossary-admin');
    const admin = testCaller(app, await adminToken(call));
    const saved = await admin.mutation('glossary.save', {
      companyId: user.companyId,
      term: 'Acme',
      keepAsWritten: true,
    });
    expect(saved.status).toBe(200);
    expect(
      (await user.api.query('glossary.list', {})).data.map((term: { term: string }) => term.term),
    ).toEqual(['Acme']);
    expect((await admin.query('glossary.list', { companyId: 999_999 })).status).toBe(404);
  });
});
