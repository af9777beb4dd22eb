import { glossaryFromCsv, glossaryToCsv } from '../../../shared/glossary-csv';
import type { OutputLanguage } from '../../../shared/languages';
import {
  type GlossaryTerm,
  type GlossaryTermInput,
  glossaryTermInput,
  MAX_GLOSSARY_TERMS,
} from '../../../shared/schemas/glossary';
import { seesCompany } from '../../access/checks';
import type { Db } from '../../db/database';
import { transaction } from '../../db/transaction';
import type { GlossaryTerms } from '../../engines/llm';
import { Conflict, InvalidInput, NotFound } from '../../errors';
import type { SessionUser } from '../../http/session-user';
import { recordAudit } from '../audit/service';
import * as repo from './repo';

/**
 * Whose glossary: a user's own company; an admin names any company (or their own). Another
 * company's glossary is answered as not found, like the company itself.
 */
function companyOf(viewer: SessionUser, companyId: number | undefined): number {
  const wanted = companyId ?? viewer.companyId;
  if (!wanted) throw new NotFound('Company');
  if (!seesCompany(viewer, wanted)) throw new NotFound('Company');
  return wanted;
}

async function existingCompany(db: Db, companyId: number) {
  const company = await repo.companyName(db, companyId);
  if (!company) throw new NotFound('Company');
  return company;
}

export async function listGlossary(db: Db, viewer: SessionUser, companyId?: number): Promise<GlossaryTerm[]> {
  const company = companyOf(viewer, companyId);
  await existingCompany(db, company);
  return repo.listTerms(db, company);
}

export async function saveTerm(
  db: Db,
  viewer: SessionUser,
  input: GlossaryTermInput & { companyId?: number; id?: number },
): Promise<GlossaryTerm[]> {
  const company = companyOf(viewer, input.companyId);
  await transaction(db, async (trx) => {
    await existingCompany(trx, company);
    const sameSpelling = await repo.findTermIdBySpelling(trx, company, input.term);
    if (input.id === undefined) {
      if (sameSpelling !== null) throw new Conflict(`"${input.term}" is already in the glossary`);
      if ((await repo.countTerms(trx, company)) >= MAX_GLOSSARY_TERMS)
        throw new InvalidInput(`A glossary holds at most ${MAX_GLOSSARY_TERMS} terms`);
      await repo.upsertTerm(trx, company, input);
    } else {
      if (sameSpelling !== null && sameSpelling !== input.id)
        throw new Conflict(`"${input.term}" is already in the glossary`);
      if (!(await repo.updateTerm(trx, company, input.id, input))) throw new NotFound('Glossary term');
    }
    await recordAudit(
      trx,
      viewer,
      `${viewer.username} saved the glossary term "${input.term}" of company ${company}`,
    );
  });
  return repo.listTerms(db, company);
}

export async function removeTerm(db: Db, viewer: SessionUser, input: { companyId?: number; id: number }) {
  const company = companyOf(viewer, input.companyId);
  await transaction(db, async (trx) => {
    if (!(await repo.deleteTerm(trx, company, input.id))) throw new NotFound('Glossary term');
    await recordAudit(trx, viewer, `${viewer.username} removed a glossary term of company ${company}`);
  });
  return repo.listTerms(db, company);
}

export async function exportGlossary(db: Db, viewer: SessionUser, companyId?: number) {
  const company = companyOf(viewer, companyId);
  const { name } = await existingCompany(db, company);
  const terms = await repo.listTerms(db, company);
  const safeName = name.replace(/[^\p{L}\p{N} _-]/gu, '').trim() || 'company';
  return { filename: `${safeName} glossary.csv`, mediaType: 'text/csv', csv: glossaryToCsv(terms) };
}

/** Adds or replaces the file's terms (by spelling); with `replace`, the glossary becomes exactly the file. */
export async function importGlossary(
  db: Db,
  viewer: SessionUser,
  input: { companyId?: number; csv: string; replace: boolean },
) {
  const company = companyOf(viewer, input.companyId);
  const reading = glossaryFromCsv(input.csv);
  if (!reading.ok) throw new InvalidInput(reading.error, 'csv');
  for (const [index, term] of reading.terms.entries()) {
    const checked = glossaryTermInput.safeParse(term);
    if (!checked.success)
      throw new InvalidInput(
        `Line ${index + 2}: ${checked.error.issues[0]?.message ?? 'not a valid term'}`,
        'csv',
      );
  }
  await transaction(db, async (trx) => {
    await existingCompany(trx, company);
    if (input.replace) await repo.deleteAllTerms(trx, company);
    for (const term of reading.terms) await repo.upsertTerm(trx, company, term);
    if ((await repo.countTerms(trx, company)) > MAX_GLOSSARY_TERMS)
      throw new InvalidInput(`A glossary holds at most ${MAX_GLOSSARY_TERMS} terms`, 'csv');
    await recordAudit(
      trx,
      viewer,
      `${viewer.username} imported ${reading.terms.length} glossary terms into company ${company}`,
    );
  });
  return { imported: reading.terms.length, terms: await repo.listTerms(db, company) };
}

/** What the engines need of a company's glossary for one video: names for speech, rules for translation. */
export async function glossaryForVideo(
  db: Db,
  companyId: number,
  to: OutputLanguage,
): Promise<{ vocabulary: string[]; terms: GlossaryTerms }> {
  const terms = await repo.listTerms(db, companyId);
  return {
    vocabulary: terms.map((term) => term.term),
    terms: {
      keep: terms.filter((term) => term.keepAsWritten).map((term) => term.term),
      fixed: terms.flatMap((term) => {
        const translation = term.translations[to];
        return !term.keepAsWritten && translation ? [{ term: term.term, translation }] : [];
      }),
    },
  };
}
