import { describe, expect, it } from 'vitest';
import { adminToken, signedUpUser, testApp } from '../../../test/support/http';
import { startEventHub } from '../../realtime/event-hub';

const { call, services, databaseUrl } = await testApp();
const admin = await adminToken(call);
const a = await signedUpUser(call, 'msga');
const b = await signedUpUser(call, 'msgb');

async function post(company: number | null, title: string, message = 'Body\nsecond line') {
  return call('POST', '/api/messages', { token: admin, body: { data: { title, message, company } } });
}

describe('messages', () => {
  it('lets only admins write, with the validation texts of PRODUCT.md §5', async () => {
    expect(
      (
        await call('POST', '/api/messages', {
          token: a.token,
          body: { data: { title: 't', message: 'm', company: a.companyId } },
        })
      ).status,
    ).toBe(403);
    const invalid = await call('POST', '/api/messages', {
      token: admin,
      body: { data: { title: '', message: 'm', company: a.companyId } },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toContain('Title is required.');
  });

  it('pages a company’s messages newest first with pagination.total', async () => {
    for (let index = 1; index <= 7; index++) await post(a.companyId, `A${index}`);
    const first = await call('GET', '/api/messages/myCompany?page=1&pageSize=5&sort=id:desc', {
      token: a.token,
    });
    expect(first.body.meta.pagination.total).toBe(7);
    expect(first.body.data.map((row: { attributes: { title: string } }) => row.attributes.title)).toEqual([
      'A7',
      'A6',
      'A5',
      'A4',
      'A3',
    ]);
    const second = await call('GET', '/api/messages/myCompany?page=2&pageSize=5&sort=id:desc', {
      token: a.token,
    });
    expect(second.body.data).toHaveLength(2);
    expect(second.body.data[0].attributes).toMatchObject({
      company: a.companyId,
      message: 'Body\nsecond line',
    });
  });

  it('never shows company B company A’s messages', async () => {
    const mine = await call('GET', '/api/messages/myCompany?page=1&pageSize=5', { token: b.token });
    expect(mine.body.meta.pagination.total).toBe(0);
    const aMessage = (await post(a.companyId, 'secret')).body.data.id;
    expect((await call('GET', `/api/messages/${aMessage}`, { token: b.token })).status).toBe(404);
    const all = await call('GET', '/api/messages/myCompany?page=1&pageSize=5&admin=true', { token: b.token });
    expect(all.body.meta.pagination.total).toBe(0);
    expect((await call('DELETE', `/api/messages/${aMessage}`, { token: b.token })).status).toBe(403);
  });

  it('gives admins every company’s messages with admin=true', async () => {
    await post(b.companyId, 'for B');
    const all = await call('GET', '/api/messages/myCompany?page=1&pageSize=100&admin=true', { token: admin });
    const companies = new Set(
      all.body.data.map((row: { attributes: { company: number } }) => row.attributes.company),
    );
    expect(companies).toEqual(new Set([a.companyId, b.companyId]));
  });

  it('keeps a message’s text as text: the stored XSS is data, never markup', async () => {
    const created = await post(a.companyId, '<img src=x onerror=alert(1)>', '<script>alert(1)</script>');
    const read = await call('GET', `/api/messages/${created.body.data.id}`, { token: a.token });
    expect(read.body.data.attributes.title).toBe('<img src=x onerror=alert(1)>');
    expect(read.response.headers['content-type']).toContain('application/json');
  });

  it('deletes a message', async () => {
    const created = await post(a.companyId, 'to delete');
    expect((await call('DELETE', `/api/messages/${created.body.data.id}`, { token: admin })).status).toBe(
      200,
    );
    expect((await call('GET', `/api/messages/${created.body.data.id}`, { token: a.token })).status).toBe(404);
  });
  it('carries the total at meta.meta.pagination.total (PRODUCT.md §7) and where Strapi puts it', async () => {
    const c = await signedUpUser(call, 'msgc');
    for (const title of ['One', 'Two', 'Three']) await post(c.companyId, title);
    const page = await call('GET', '/api/messages/myCompany?page=1&pageSize=2&sort=id:desc', {
      token: c.token,
    });
    expect(page.body.data).toHaveLength(2);
    expect(page.body.meta.meta.pagination.total).toBe(3);
    expect(page.body.meta.pagination).toMatchObject({ page: 1, pageSize: 2, pageCount: 2, total: 3 });
  });
});

describe('unread messages', () => {
  it('counts per user on the server and clears when seen', async () => {
    const c = await signedUpUser(call, 'msgc');
    const unread = async (token: string) =>
      (await call('GET', '/trpc/messages.unread', { token })).body.result.data as {
        unread: boolean;
        count: number;
      };
    expect(await unread(c.token)).toMatchObject({ unread: false, count: 0 });
    await post(c.companyId, 'hello C');
    expect(await unread(c.token)).toMatchObject({ unread: true, count: 1 });
    await call('POST', '/trpc/messages.markSeen', { token: c.token, body: {} });
    expect(await unread(c.token)).toMatchObject({ unread: false, count: 1 });
  });

  it('still sees a new message after an admin deleted older ones', async () => {
    const d = await signedUpUser(call, 'msgd');
    const unread = async () =>
      (await call('GET', '/trpc/messages.unread', { token: d.token })).body.result.data;
    const ids: number[] = [];
    for (const title of ['one', 'two', 'three']) ids.push((await post(d.companyId, title)).body.data.id);
    await call('POST', '/trpc/messages.markSeen', { token: d.token, body: {} });
    for (const id of ids.slice(0, 2)) await call('DELETE', `/api/messages/${id}`, { token: admin });
    await post(d.companyId, 'four');
    expect(await unread()).toMatchObject({ unread: true, count: 2, seen: 1 });
  });
});

describe('live events', () => {
  it('reaches the subscribers of the message’s company, and only them', async () => {
    const hub = await startEventHub(databaseUrl, services.logger);
    const controller = new AbortController();
    const stream = hub.stream(a.companyId ?? 0, controller.signal);
    // The first message says the stream listens: what is posted after it must arrive.
    expect((await stream.next()).value).toEqual({ type: 'listening' });
    await post(b.companyId, 'for B only');
    await post(a.companyId, 'for A');
    const received: number[] = [];
    for await (const event of stream) {
      if (event.type !== 'listening') received.push(event.companyId);
      controller.abort();
    }
    await hub.close();
    expect(received).toEqual([a.companyId]);
  });
});
