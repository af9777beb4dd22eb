import type { AddressInfo } from 'node:net';
import Strapi from 'strapi-sdk-js';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN, adminToken, payingUser, testApp, uploadVideo } from '../../test/support/http';
import { makeClip } from '../../test/support/media';
import { filePart } from '../../test/support/multipart';

/**
 * A script written for the old Strapi v4 backend, through the real Strapi v4 client (strapi-sdk-js:
 * axios, with its query strings encoded by qs as Strapi's own docs do): pagination by page or by
 * offset, sort as a string or a list, and filters with $eq, $ne, $in and $containsi, on every
 * collection path the legacy client used.
 */
const { app, call } = await testApp({ RATE_LIMIT_UPLOADS_PER_HOUR: '1000' });
await app.listen({ port: 0, host: '127.0.0.1' });
afterAll(() => app.close());
const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

async function clientAs(identifier: string, password: string) {
  const strapi = new Strapi({ url, prefix: '/api' });
  await strapi.login({ identifier, password });
  return strapi;
}

const admin = await clientAs(ADMIN.email, ADMIN.password);
const adminJwt = await adminToken(call);
const names = ['Acme Films', 'Birch Media', 'Cobalt Studio'];
const companyIds: number[] = [];
for (const name of names) {
  const created = await call('POST', '/api/companies', {
    token: adminJwt,
    body: { data: { name, address: '1 Road', credits: 1 } },
  });
  companyIds.push(created.body.data.id);
}

type Listed = { data: { id: number; attributes: Record<string, unknown> }[]; meta: Record<string, unknown> };
const namesOf = (answer: Listed) => answer.data.map((item) => item.attributes.name);

describe('a Strapi v4 client on the legacy REST paths', () => {
  it('pages the companies by page and by offset, as Strapi answers meta.pagination', async () => {
    const total = (await call('GET', '/api/companies', { token: adminJwt })).body.data.length;
    const page = (await admin.find('companies', {
      pagination: { page: 2, pageSize: 1 },
    })) as unknown as Listed;
    expect(page.data).toHaveLength(1);
    expect(page.meta.pagination).toEqual({ page: 2, pageSize: 1, pageCount: total, total });
    const offset = (await admin.find('companies', {
      pagination: { start: 1, limit: 2 },
    })) as unknown as Listed;
    expect(offset.data).toHaveLength(2);
    expect(offset.meta.pagination).toEqual({ start: 1, limit: 2, total });
  });

  it('sorts by a string or a list, and filters with $eq, $ne, $in and $containsi', async () => {
    const ours = { id: { $in: companyIds } };
    const descending = (await admin.find('companies', {
      sort: 'name:desc',
      filters: ours,
    })) as unknown as Listed;
    expect(namesOf(descending)).toEqual([...names].reverse());
    const listed = (await admin.find('companies', { sort: ['id:asc'], filters: ours })) as unknown as Listed;
    expect(listed.data.map((item) => item.id)).toEqual(companyIds);
    const contains = (await admin.find('companies', {
      filters: { name: { $containsi: 'MEDIA' } },
    })) as unknown as Listed;
    expect(namesOf(contains)).toEqual(['Birch Media']);
    const equal = (await admin.find('companies', {
      filters: { id: { $eq: companyIds[2] } },
    })) as unknown as Listed;
    expect(namesOf(equal)).toEqual(['Cobalt Studio']);
    const notEqual = (await admin.find('companies', {
      filters: { id: { $in: companyIds }, name: { $ne: 'Acme Films' } },
    })) as unknown as Listed;
    expect(namesOf(notEqual)).toEqual(['Birch Media', 'Cobalt Studio']);
  });

  it('finds one content page by id, and the prices and conversions by their fields', async () => {
    const contents = (await admin.find('contents', { filters: { id: { $eq: 2 } } })) as unknown as Listed;
    expect(contents.data.map((item) => item.id)).toEqual([2]);
    const prices = (await admin.find('prices', {
      filters: { product: { $eq: 'price_per_minute' } },
    })) as unknown as Listed;
    expect(prices.data.map((item) => item.attributes.product)).toEqual(['price_per_minute']);
    const conversions = (await admin.find('conversions', {
      filters: { currency: { $eq: 'EUR' } },
    })) as unknown as Listed;
    expect(conversions.data.map((item) => item.attributes.currency)).toEqual(['EUR']);
  });

  it('lists users as an array, filtered and paged', async () => {
    const loner = await call('POST', '/api/auth/local/register', {
      body: { username: 'sdk-loner', email: 'sdk-loner@example.com', password: 'Loner-pass1!', company: 0 },
    });
    const withoutCompany = (await admin.find('users', { filters: { company: { $eq: 0 } } })) as unknown as {
      id: number;
      company: number | null;
    }[];
    expect(withoutCompany.map((user) => user.id)).toContain(loner.body.user.id);
    expect(withoutCompany.every((user) => user.company === null)).toBe(true);
    const firstTwo = (await admin.find('users', {
      sort: 'id:asc',
      pagination: { page: 1, pageSize: 2 },
    })) as unknown as unknown[];
    expect(firstTwo).toHaveLength(2);
  });

  it("pages a company's messages and videos, and finds a video and its subtitles by filter", async () => {
    const user = await payingUser(call, 'sdk-user');
    for (const title of ['First', 'Second', 'Third']) {
      await call('POST', '/api/messages', {
        token: adminJwt,
        body: { data: { title, message: 'Hi', company: user.companyId } },
      });
    }
    const videoId = await uploadVideo(app, '/api/upload-log/hc', user.token, [
      await filePart('fileVideo', await makeClip('sdk-4s.mp4', { seconds: 4 }), 'sdk.mp4', 'video/mp4'),
      { name: 'fileSub', filename: 'sdk.srt', content: '1\n00:00:00,500 --> 00:00:02,000\nHello\n' },
    ]);
    const client = await clientAs(user.email, user.password);

    const messages = (await client.find('messages/myCompany', {
      sort: 'id:asc',
      pagination: { page: 1, pageSize: 2 },
    })) as unknown as Listed;
    expect(messages.data.map((item) => item.attributes.title)).toEqual(['First', 'Second']);
    expect(messages.meta).toMatchObject({ pagination: { total: 3 }, meta: { pagination: { total: 3 } } });

    const videos = (await client.find('upload-logs/my-company-videos-desc', {
      pagination: { page: 1, pageSize: 5 },
    })) as unknown as Listed;
    expect(videos.data.map((item) => item.id)).toEqual([videoId]);
    const byId = (await client.find('upload-logs', {
      filters: { id: { $eq: videoId } },
    })) as unknown as Listed;
    expect(byId.data.map((item) => item.id)).toEqual([videoId]);
    const subtitles = (await client.find('srts', {
      filters: { video_id: { $eq: videoId } },
    })) as unknown as Listed;
    expect(subtitles.data[0]?.attributes.srt_content).toContain('Hello');

    const audit = (await admin.find('audit-trails', {
      sort: 'id:desc',
      pagination: { page: 1, pageSize: 2 },
    })) as unknown as Listed;
    expect(audit.data).toHaveLength(2);
    expect(audit.meta.pagination).toMatchObject({ page: 1, pageSize: 2 });
  });

  it('refuses an unknown field or operator with a 400 naming what is allowed', async () => {
    const unknownField = await admin
      .find('companies', { filters: { password: { $eq: 'x' } } })
      .catch((error) => error);
    expect(unknownField.error).toMatchObject({
      status: 400,
      message: 'filters: "password" is not one of id, name, address, credits',
    });
    const unknownOperator = await admin
      .find('companies', { filters: { name: { $regex: '.*' } } })
      .catch((error) => error);
    expect(unknownOperator.error).toMatchObject({
      status: 400,
      message: expect.stringContaining('"$regex"'),
    });
  });
});
