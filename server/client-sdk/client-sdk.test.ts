import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { adminToken, signedUpUser, testApp, testCaller } from '../../test/support/http';
import { createApiClient } from '.';

const { app, call } = await testApp();
await app.listen({ port: 0, host: '127.0.0.1' });
afterAll(() => app.close());
const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

describe('the typed API client for scripts', () => {
  it('calls typed procedures with a session token', async () => {
    const user = await signedUpUser(call, 'sdk');
    const admin = createApiClient(baseUrl, await adminToken(call));
    await admin.companies.update.mutate({
      id: user.companyId ?? 0,
      name: 'sdk company',
      address: 'x',
      credits: 3,
    });
    const company = await admin.companies.get.query({ id: user.companyId ?? 0 });
    expect(company).toMatchObject({ name: 'sdk company', creditsCents: 300 });
    const ledger = await admin.companies.ledger.query({ id: user.companyId ?? 0 });
    expect(ledger[0]).toMatchObject({ kind: 'adjustment', amountCents: 300 });
  });

  it('keeps a user to their own company', async () => {
    const user = await signedUpUser(call, 'sdkuser');
    const other = await signedUpUser(call, 'sdkother');
    const client = createApiClient(baseUrl, user.token);
    await expect(client.companies.get.query({ id: other.companyId ?? 0 })).rejects.toThrow(
      'Company not found',
    );
  });

  it('works with a personal API token made on the token screen, until it is revoked', async () => {
    const user = await signedUpUser(call, 'sdktoken');
    const session = testCaller(app, user.token);
    const created = await session.mutation('apiTokens.create', { name: 'Usage report', expiresInDays: 30 });
    const client = createApiClient(baseUrl, created.data.token);
    const company = await client.companies.get.query({ id: user.companyId ?? 0 });
    expect(company).toMatchObject({ id: user.companyId, name: 'sdktoken company' });
    await session.mutation('apiTokens.revoke', { id: created.data.id });
    await expect(client.companies.get.query({ id: user.companyId ?? 0 })).rejects.toThrow(
      'You need to log in first',
    );
  });
});
