import { describe, expect, it } from 'vitest';
import { adminToken, signedUpUser, testApp } from '../../../test/support/http';
import { appRouter } from '../../app/trpc-router';
import { createCallerFactory } from '../../trpc/trpc';
import { validateSessionToken } from '../accounts/sessions';

const { call, db, services } = await testApp();
const admin = await adminToken(call);

async function adminCaller() {
  const session = await validateSessionToken(db, admin);
  return createCallerFactory(appRouter)({ ...services, session, ip: '127.0.0.1' } as never);
}

describe('admin users', () => {
  it('lists users as a plain array with role and company', async () => {
    const user = await signedUpUser(call, 'listed');
    const response = await call('GET', '/api/users', { token: admin });
    expect(Array.isArray(response.body)).toBe(true);
    expect(response.body).toContainEqual(
      expect.objectContaining({ id: user.id, company: user.companyId, role: 'User' }),
    );
  });

  it('lists users without a company, with their suggestion', async () => {
    const loner = await signedUpUser(call, 'loner', false);
    const response = await call('GET', '/api/users?filters[company]=0', { token: admin });
    expect(response.body).toContainEqual(
      expect.objectContaining({ id: loner.id, company: null, suggestion: 'Some Co' }),
    );
    expect(response.body.every((user: { company: number | null }) => user.company === null)).toBe(true);
    // The platform's admin belongs to no company and needs none.
    expect(response.body.some((user: { role: string }) => user.role === 'Admin')).toBe(false);
  });

  it('honours PUT /api/users/{id} with a suggestion, and unassigns and renames with audit lines', async () => {
    const loner = await signedUpUser(call, 'suggested', false);
    const set = await call('PUT', `/api/users/${loner.id}`, {
      token: admin,
      body: { suggestion: 'Northwind Studios' },
    });
    expect(set.status).toBe(200);
    expect(set.body.suggestion).toBe('Northwind Studios');
    const listed = await call('GET', '/api/users?filters[company]=0', { token: admin });
    expect(listed.body).toContainEqual(
      expect.objectContaining({ id: loner.id, suggestion: 'Northwind Studios' }),
    );

    const member = await signedUpUser(call, 'leaving');
    const out = await call('PUT', `/api/users/${member.id}`, {
      token: admin,
      body: { company: 0, suggestion: 'Contoso', username: 'left-user' },
    });
    expect(out.body).toMatchObject({ company: null, suggestion: 'Contoso', username: 'left-user' });
    const audit = await db
      .selectFrom('audit_trail')
      .select('action')
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    expect(audit.map((line) => line.action)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('removed user'),
        expect.stringContaining('set the company suggestion of user'),
        expect.stringContaining('renamed user'),
      ]),
    );
  });

  it('audits a REST rename and a REST unassignment each on its own, in the name of the admin', async () => {
    const me = await call('GET', '/api/users/me', { token: admin });
    const renamed = await signedUpUser(call, 'renamed');
    const before = (await call('GET', '/api/users/me', { token: renamed.token })).body.username;
    const rename = await call('PUT', `/api/users/${renamed.id}`, {
      token: admin,
      body: { username: 'renamed-by-admin' },
    });
    expect(rename.status).toBe(200);
    expect(rename.body).toMatchObject({
      id: renamed.id,
      username: 'renamed-by-admin',
      company: renamed.companyId,
    });
    const afterRename = await call('GET', '/api/audit-trails?page=1&pageSize=1&sort=id:desc', {
      token: admin,
    });
    expect(afterRename.body.data[0].attributes.action).toBe(
      `Admin ${me.body.username} renamed user ${before} to renamed-by-admin`,
    );
    expect(afterRename.body.data[0].attributes.user.email).toBe('admin@example.com');

    const leaving = await signedUpUser(call, 'unassigned');
    const name = (await call('GET', '/api/users/me', { token: leaving.token })).body.username;
    const out = await call('PUT', `/api/users/${leaving.id}`, {
      token: admin,
      body: { data: { company: 0 } },
    });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ id: leaving.id, company: null });
    const afterOut = await call('GET', '/api/audit-trails?page=1&pageSize=1&sort=id:desc', { token: admin });
    expect(afterOut.body.data[0].attributes.action).toBe(
      `Admin ${me.body.username} removed user ${name} from their company`,
    );
    expect(afterOut.body.data[0].attributes.user.email).toBe('admin@example.com');
  });

  it('makes a removal stick: the user cannot rejoin, is off the admin list and logged out everywhere', async () => {
    const removed = await signedUpUser(call, 'removedadmin');
    const other = await call('POST', '/api/auth/local', {
      body: { identifier: removed.email, password: removed.password },
      ip: '10.4.4.4',
    });
    const out = await call('PUT', `/api/users/${removed.id}`, { token: admin, body: { company: 0 } });
    expect(out.status).toBe(200);
    for (const token of [removed.token, other.body.jwt]) {
      expect((await call('GET', '/api/company/my', { token })).status).toBe(401);
    }
    const company = await call('GET', `/api/companies/${removed.companyId}`, { token: admin });
    expect(company.body.data.attributes.admin).not.toContain(removed.id);
    // Signed in again, without a company: the old company's id does not bring them back.
    const again = await call('POST', '/api/auth/local', {
      body: { identifier: removed.email, password: removed.password },
      ip: '10.4.4.5',
    });
    const rejoin = await call('PUT', '/api/users/me', {
      token: again.body.jwt,
      body: { company: removed.companyId },
    });
    expect(rejoin.status).toBe(403);
    expect(JSON.stringify(rejoin.body)).not.toContain('removedadmin company');
    const me = await call('GET', '/api/users/me', { token: again.body.jwt });
    expect(me.body.company).toBeNull();
    expect((await call('GET', '/api/company/my', { token: again.body.jwt })).body.data).toEqual([]);
  });

  it('assigns a company with a transfer of private credits: ledger, balance and audit line', async () => {
    const owner = await signedUpUser(call, 'owner');
    const loner = await signedUpUser(call, 'joiner', false);
    const caller = await adminCaller();
    await caller.users.setPrivateCredits({ userId: loner.id, credits: 12.5 });
    const result = await caller.users.assignCompany({
      userId: loner.id,
      companyId: owner.companyId ?? 0,
      transfer: true,
    });
    expect(result.transferredCents).toBe(1250);

    const me = await call('GET', '/api/users/me', { token: loner.token });
    expect(me.body).toMatchObject({ company: owner.companyId, credits: 0, suggestion: null });
    const company = await call('GET', '/api/company/my', { token: owner.token });
    expect(company.body.data[0].attributes.credits).toBe(12.5);
    const ledger = await caller.companies.ledger({ id: owner.companyId ?? 0 });
    expect(ledger[0]).toMatchObject({ kind: 'transfer', amountCents: 1250, balanceAfterCents: 1250 });
    const audit = await call('GET', '/api/audit-trails?page=1&pageSize=10&sort=id:desc', { token: admin });
    expect(audit.body.data[0].attributes.action).toMatch(
      /assigned user joiner\d+ to company \d+ .* transferred €12\.50/,
    );
    expect(audit.body.data[0].attributes.user.email).toBe('admin@example.com');
  });

  it('answers Company not found for an unknown company', async () => {
    const loner = await signedUpUser(call, 'nocompany', false);
    const caller = await adminCaller();
    await expect(
      caller.users.assignCompany({ userId: loner.id, companyId: 99999, transfer: true }),
    ).rejects.toThrow('Company not found');
  });

  it('resets a password: the old sessions end and the new password works', async () => {
    const user = await signedUpUser(call, 'reset');
    const response = await call('PUT', `/api/users/${user.id}`, {
      token: admin,
      body: { password: 'Abc!def12' },
    });
    expect(response.status).toBe(200);
    expect((await call('GET', '/api/users/me', { token: user.token })).status).toBe(401);
    const login = await call('POST', '/api/auth/local', {
      body: { identifier: user.email, password: 'Abc!def12' },
      ip: '10.3.3.3',
    });
    expect(login.status).toBe(200);
  });

  it('deletes a user and writes the audit trail', async () => {
    const user = await signedUpUser(call, 'gone');
    expect((await call('DELETE', `/api/users/${user.id}`, { token: admin })).status).toBe(200);
    expect((await call('GET', '/api/users/me', { token: user.token })).status).toBe(401);
    const audit = await call('GET', '/api/audit-trails', { token: admin });
    expect(audit.body.data[0].attributes.action).toContain(`deleted user ${user.id}`);
  });
});

describe('admin companies', () => {
  it('pages companies sorted by name with pagination.total', async () => {
    await signedUpUser(call, 'zeta');
    const response = await call('GET', '/api/companies?page=1&pageSize=2&sort=name:asc', { token: admin });
    expect(response.body.data).toHaveLength(2);
    expect(response.body.meta.pagination.total).toBeGreaterThan(2);
    const names = response.body.data.map(
      (company: { attributes: { name: string } }) => company.attributes.name,
    );
    expect([...names].sort()).toEqual(names);
  });

  it('turns an admin credit change into a ledger adjustment with an audit line', async () => {
    const user = await signedUpUser(call, 'topup');
    const response = await call('PUT', `/api/companies/${user.companyId}`, {
      token: admin,
      body: { data: { credits: 20 } },
    });
    expect(response.body.data.attributes.credits).toBe(20);
    const caller = await adminCaller();
    const ledger = await caller.companies.ledger({ id: user.companyId ?? 0 });
    expect(ledger[0]).toMatchObject({ kind: 'adjustment', amountCents: 2000 });
    const audit = await call('GET', '/api/audit-trails', { token: admin });
    expect(audit.body.data[0].attributes.action).toContain('by €20.00 to €20.00');
  });

  it('lets the company admin rename the company but never change its credits', async () => {
    const user = await signedUpUser(call, 'selfedit');
    const renamed = await call('PUT', `/api/companies/${user.companyId}`, {
      token: user.token,
      body: { data: { name: 'New name' } },
    });
    expect(renamed.body.data.attributes.name).toBe('New name');
    const credits = await call('PUT', `/api/companies/${user.companyId}`, {
      token: user.token,
      body: { data: { credits: 100 } },
    });
    expect(credits.status).toBe(403);
  });

  it('says what blocks deleting a company with a balance', async () => {
    const user = await signedUpUser(call, 'rich');
    await call('PUT', `/api/companies/${user.companyId}`, { token: admin, body: { data: { credits: 5 } } });
    const response = await call('DELETE', `/api/companies/${user.companyId}`, { token: admin });
    expect(response.status).toBe(409);
    expect(response.body.error.message).toContain('a balance of €5.00');
  });

  it('accepts a client-reported audit line, marked as such', async () => {
    const response = await call('POST', '/api/audit-trails', {
      body: { data: { user: 1, action: 'legacy transfer of 5' } },
    });
    expect(response.status).toBe(200);
    const audit = await call('GET', '/api/audit-trails', { token: admin });
    expect(audit.body.data[0].attributes).toMatchObject({
      action: 'legacy transfer of 5',
      clientReported: true,
    });
  });
});

describe('company isolation', () => {
  it('gives user A nothing of company B on any path', async () => {
    const a = await signedUpUser(call, 'tenanta');
    const b = await signedUpUser(call, 'tenantb');
    const attempts = [
      ['GET', `/api/companies/${b.companyId}`],
      ['PUT', `/api/companies/${b.companyId}`, { data: { name: 'pwned', credits: 999 } }],
      ['DELETE', `/api/companies/${b.companyId}`],
      ['GET', '/api/companies'],
      ['POST', '/api/companies', { data: { name: 'x', address: 'y', credits: 100, admin: [b.id] } }],
      ['GET', '/api/users'],
      ['PUT', `/api/users/${b.id}`, { company: a.companyId }],
      ['DELETE', `/api/users/${b.id}`],
      ['PUT', '/api/users/me', { company: b.companyId }],
      ['GET', '/api/audit-trails'],
      ['PUT', '/api/contents/1', { data: { title: 'x', html: '<p>x</p>' } }],
    ] as const;
    for (const [method, url, body] of attempts) {
      const response = await call(method, url, { token: a.token, body });
      expect(response.status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(JSON.stringify(response.body), `${method} ${url}`).not.toContain('tenantb company');
    }
    const bCompany = await call('GET', '/api/company/my', { token: b.token });
    expect(bCompany.body.data[0].attributes).toMatchObject({ name: 'tenantb company', credits: 0 });
    expect((await call('GET', '/api/users/me', { token: a.token })).body.company).toBe(a.companyId);
  });

  it('refuses admin paths to anonymous callers', async () => {
    for (const url of [
      '/api/users',
      '/api/companies',
      '/api/audit-trails',
      '/api/users/me',
      '/api/company/my',
    ]) {
      expect((await call('GET', url)).status, url).toBe(401);
    }
  });
});
