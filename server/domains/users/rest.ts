import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { eurosToCents } from '../../../shared/money';
import { id } from '../../../shared/schemas/accounts';
import { profileUpdate } from '../../../shared/schemas/auth';
import { numeric } from '../../../shared/schemas/numbers';
import { somethingToChange } from '../../rest/bodies';
import { requireAdmin, requireSignedIn, requireSignedInAdmin, requireUser } from '../../rest/guards';
import { applyCollectionQuery, parseCollectionQuery } from '../../rest/strapi-query';
import type { Services } from '../../services';
import { legacyUser } from './legacy-shape';
import * as users from './service';

/** Bodies come either bare or wrapped in Strapi's `{data}`. */
const unwrap = (body: unknown) =>
  body && typeof body === 'object' && 'data' in body && typeof body.data === 'object'
    ? body.data
    : (body ?? {});

const USER_FIELDS = ['id', 'username', 'email', 'role', 'company', 'suggestion'] as const;

const meUpdate = somethingToChange(
  z.object({
    username: z.string().optional(),
    password: z.string().optional(),
    company: id.nullish(),
  }),
);

const adminUserUpdate = somethingToChange(
  z.object({
    company: z.union([id, z.literal(0), z.literal('0'), z.null()]).optional(),
    suggestion: z.string().max(200).nullish(),
    credits: numeric(z.number().min(0).max(1_000_000)).optional(),
    username: z.string().trim().min(1).max(100).optional(),
    password: z.string().min(8).max(200).optional(),
  }),
);

export function userRoutes(app: FastifyInstance, { db }: Services) {
  /**
   * A plain array, as Strapi's users-permissions answers; filters[company]=0 (no company, PRODUCT.md §7),
   * `search`, and Strapi v4's pagination, sort and filters on what the admin screen shows.
   */
  app.get('/users', async (request) => {
    requireAdmin(request);
    const { search } = z.object({ search: z.string().max(200).optional() }).parse(request.query);
    const query = parseCollectionQuery(request.query, { fields: USER_FIELDS, defaultPageSize: 25 });
    const withoutCompany = query.filters.some(
      (filter) => filter.field === 'company' && filter.operator === '$eq' && filter.values.includes('0'),
    );
    // The list without a company is read whole; the full list stops at the 500 a screen can use.
    const list = withoutCompany ? await users.usersWithoutCompany(db) : await users.listUsers(db, search);
    const { rows } = applyCollectionQuery(list, query, {
      id: (user) => user.id,
      username: (user) => user.username,
      email: (user) => user.email,
      role: (user) => user.role,
      company: (user) => user.companyId ?? 0,
      suggestion: (user) => user.suggestion,
    });
    return rows.map(legacyUser);
  });

  app.get('/users/me', async (request) => legacyUser(await users.getMe(db, requireUser(request).id)));

  app.put('/users/me', async (request) => {
    const user = requireSignedIn(request);
    const session = request.session;
    const body = meUpdate.parse(unwrap(request.body));
    if (body.company) await users.joinOwnCompany(db, user.id, body.company);
    const changes = { username: body.username, password: body.password };
    if (session && (changes.username !== undefined || changes.password !== undefined)) {
      await users.updateProfile(db, session, profileUpdate.parse(changes));
    }
    return legacyUser(await users.getMe(db, user.id));
  });

  app.put('/users/:id', async (request) => {
    const actor = requireSignedInAdmin(request);
    const userId = z.object({ id }).parse(request.params).id;
    const body = adminUserUpdate.parse(unwrap(request.body));
    const companyId =
      body.company === undefined || body.company === 0 || body.company === '0' || body.company === null
        ? null
        : Number(body.company);
    if (companyId) await users.assignCompany(db, actor, { userId, companyId, transfer: false });
    else if (body.company !== undefined) await users.unassignCompany(db, actor, userId);
    // PRODUCT.md §4: an assignment clears the suggestion; without one, the suggestion sent is kept.
    if (body.suggestion !== undefined && !companyId)
      await users.setSuggestion(db, actor, userId, body.suggestion);
    if (body.credits !== undefined)
      await users.setPrivateCredits(db, actor, userId, eurosToCents(body.credits));
    if (body.username !== undefined) await users.renameUser(db, actor, userId, body.username);
    if (body.password !== undefined)
      await users.resetPassword(db, actor, { userId, password: body.password });
    return legacyUser(await users.getMe(db, userId));
  });

  app.delete('/users/:id', async (request) => {
    const actor = requireSignedInAdmin(request);
    const userId = z.object({ id }).parse(request.params).id;
    const before = await users.getMe(db, userId);
    await users.deleteUser(db, actor, userId);
    return legacyUser(before);
  });
}
