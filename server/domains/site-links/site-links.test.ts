import { describe, expect, it } from 'vitest';
import { resolveSiteLinks } from '../../../shared/site-links';
import { ADMIN, adminToken, signedUpUser, testApp, testCaller } from '../../../test/support/http';
import { FIRST_DRAFTS, TERMS_TEMPLATE } from '../../db/legal-templates';
import { seed } from '../../db/seed';

const { app, call, db } = await testApp();
const admin = testCaller(app, await adminToken(call));
const visitor = testCaller(app);

async function auditLines(pattern: string) {
  const rows = await db.selectFrom('audit_trail').select('action').where('action', 'like', pattern).execute();
  return rows.map((row) => row.action);
}

describe('site links', () => {
  it('start on the product’s own pages, with no placeholder address anywhere', async () => {
    const { status, data } = await visitor.query('siteLinks.list');
    expect(status).toBe(200);
    expect(data).toEqual(resolveSiteLinks({}));
    expect(data).toMatchObject({ helpCentre: '/help', contact: '/contact', community: null, linkedin: null });
    expect(JSON.stringify(data)).not.toMatch(/\.example/);
  });

  it('take an admin’s addresses, audited, and fall back again when emptied', async () => {
    const saved = await admin.mutation('siteLinks.update', {
      helpCentre: 'https://help.acme.test/',
      linkedin: 'https://www.linkedin.com/company/acme',
      contact: 'mailto:hello@acme.test',
    });
    expect(saved.status).toBe(200);
    const shown = (await visitor.query('siteLinks.list')).data;
    expect(shown).toMatchObject({
      helpCentre: 'https://help.acme.test/',
      linkedin: 'https://www.linkedin.com/company/acme',
      contact: 'mailto:hello@acme.test',
      supportTicket: '/contact',
    });
    expect(await auditLines('% the Help centre link%')).toEqual([
      'Admin admin set the Help centre link to https://help.acme.test/',
    ]);

    // Saving the same address again writes nothing; emptying it restores the fallback.
    await admin.mutation('siteLinks.update', { helpCentre: 'https://help.acme.test/', linkedin: '' });
    expect((await visitor.query('siteLinks.list')).data).toMatchObject({
      helpCentre: 'https://help.acme.test/',
      linkedin: null,
    });
    expect(await auditLines('% the Help centre link%')).toHaveLength(1);
    expect(await auditLines('Admin admin cleared the LinkedIn link')).toHaveLength(1);
    expect((await admin.query('siteLinks.saved')).data).toMatchObject({
      linkedin: '',
      contact: 'mailto:hello@acme.test',
    });
  });

  it('refuse addresses a link must not hold, naming the field, and change nothing', async () => {
    const before = (await visitor.query('siteLinks.list')).data;
    for (const address of [
      'javascript:alert(1)',
      '//evil.test/x',
      'https://',
      'help',
      `https://a.test/${'x'.repeat(600)}`,
    ]) {
      const refused = await admin.mutation('siteLinks.update', { community: address });
      expect(refused.status, address).toBe(400);
      expect(refused.error.data.fieldErrors.community?.[0], address).toBeTruthy();
    }
    expect((await admin.mutation('siteLinks.update', { unknown: 'https://a.test' })).status).toBe(400);
    expect((await visitor.query('siteLinks.list')).data).toEqual(before);
  });

  it('are changed by admins only', async () => {
    const user = await signedUpUser(call, 'links-user');
    const member = testCaller(app, user.token);
    expect((await member.mutation('siteLinks.update', { community: 'https://c.test' })).status).toBe(403);
    expect((await visitor.mutation('siteLinks.update', { community: 'https://c.test' })).status).toBe(401);
    expect((await member.query('siteLinks.saved')).status).toBe(403);
    expect((await visitor.query('siteLinks.list')).data.community).toBeNull();
  });
});

describe('legal page templates', () => {
  it('are seeded complete and flagged until an admin saves them', async () => {
    const toReview = (await admin.query('content.toReview')).data as { id: number; page: string }[];
    expect(toReview.map((page) => page.page).sort()).toEqual(['contact', 'disclaimer', 'privacy', 'terms']);
    const terms = await call('GET', '/api/contents?filters[page]=terms');
    const html: string = terms.body.data[0].attributes.html;
    expect(html).toContain('Template — to be reviewed.');
    expect(html.length).toBeGreaterThan(2000);

    const id = toReview.find((page) => page.page === 'terms')?.id;
    expect(
      (await admin.mutation('content.update', { id, title: 'Terms and conditions', html: '<p>Ours.</p>' }))
        .status,
    ).toBe(200);
    const after = (await admin.query('content.toReview')).data as { page: string }[];
    expect(after.map((page) => page.page)).not.toContain('terms');
    expect((await visitor.query('content.toReview')).status).toBe(401);
  });

  it('replace the one-sentence drafts of earlier versions, never an admin’s text', async () => {
    await db
      .updateTable('contents')
      .set({ html: FIRST_DRAFTS.terms, review_needed: false })
      .where('page', '=', 'terms')
      .execute();
    await db
      .updateTable('contents')
      .set({ html: '<p>Our privacy text.</p>', review_needed: false })
      .where('page', '=', 'privacy')
      .execute();
    await seed(db, { email: ADMIN.email });
    const pages = await db
      .selectFrom('contents')
      .select(['page', 'html', 'review_needed'])
      .where('page', 'in', ['terms', 'privacy'])
      .orderBy('page')
      .execute();
    expect(pages).toEqual([
      { page: 'privacy', html: '<p>Our privacy text.</p>', review_needed: false },
      { page: 'terms', html: TERMS_TEMPLATE, review_needed: true },
    ]);
  });
});
