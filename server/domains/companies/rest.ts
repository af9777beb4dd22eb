import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cents, centsToEuros } from '../../../shared/money';
import { companyAdminUpdate, companyInput, id } from '../../../shared/schemas/accounts';
import { numeric } from '../../../shared/schemas/numbers';
import { Forbidden } from '../../errors';
import { somethingToChange } from '../../rest/bodies';
import { requireAdmin, requireUser } from '../../rest/guards';
import { collection, entity, many, one } from '../../rest/strapi';
import { applyCollectionQuery, parseCollectionQuery } from '../../rest/strapi-query';
import type { Services } from '../../services';
import { findProfile } from '../users/repo';
import type { CompanyView } from './service';
import * as companies from './service';

const attributes = (company: CompanyView & { adminIds?: number[] }) => ({
  name: company.name,
  address: company.address,
  credits: centsToEuros(cents(company.creditsCents)),
  admin: company.adminIds,
});

const COMPANY_FIELDS = ['id', 'name', 'address', 'credits'] as const;

const createBody = z.object({
  data: companyInput.extend({
    credits: numeric(z.number().min(0).max(1_000_000)).default(0),
    admin: z.array(id).max(20).default([]),
  }),
});

/** A signup's company may be created without a token only for a user who registered within the hour. */
const SIGNUP_WINDOW_MS = 60 * 60 * 1000;

async function signupUserFor(services: Services, adminIds: number[]) {
  const [userId] = adminIds;
  if (adminIds.length !== 1 || userId === undefined)
    throw new Forbidden('Name the new user as the company admin');
  const user = await services.db
    .selectFrom('users')
    .select(['id', 'company_id', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.company_id || Date.now() - user.created_at.getTime() > SIGNUP_WINDOW_MS) {
    throw new Forbidden('You cannot create a company for this user');
  }
  return user.id;
}

export function companyRoutes(app: FastifyInstance, services: Services) {
  const { db } = services;

  /**
   * The legacy page, pageSize and sort=name:asc (PRODUCT.md §7), and Strapi v4's own pagination, sort and
   * filters.
   */
  app.get('/companies', async (request) => {
    requireAdmin(request);
    const query = parseCollectionQuery(request.query, { fields: COMPANY_FIELDS, defaultPageSize: 10 });
    const { rows, total } = applyCollectionQuery(await companies.allCompanies(db), query, {
      id: (company) => company.id,
      name: (company) => company.name,
      address: (company) => company.address,
      credits: (company) => centsToEuros(cents(company.creditsCents)),
    });
    return collection(
      rows.map((company) => entity(company.id, attributes(company))),
      query.window,
      total,
    );
  });

  app.post('/companies', async (request) => {
    const { data } = createBody.parse(request.body);
    const caller = request.session?.user;
    if (caller?.role === 'Admin') {
      const companyId = await companies.createCompanyAsAdmin(db, caller, { ...data, adminIds: data.admin });
      return one(companyId, attributes(await companies.getCompany(db, caller, companyId)));
    }
    // Signup step 3: a new user creates their own company, always with 0 credits.
    const userId = caller ? caller.id : await signupUserFor(services, data.admin);
    const companyId = await companies.createOwnCompany(db, userId, data);
    const profile = await findProfile(db, userId);
    return one(companyId, {
      name: data.name,
      address: data.address,
      credits: 0,
      admin: [userId],
      owner: profile?.email,
    });
  });

  app.get('/companies/:id', async (request) => {
    const companyId = z.object({ id }).parse(request.params).id;
    return one(companyId, attributes(await companies.getCompany(db, requireUser(request), companyId)));
  });

  app.put('/companies/:id', async (request) => {
    const actor = requireUser(request);
    const companyId = z.object({ id }).parse(request.params).id;
    const current = await companies.getCompany(db, actor, companyId);
    const body = z.object({ data: somethingToChange(companyAdminUpdate.partial()) }).parse(request.body).data;
    await companies.updateCompany(db, actor, companyId, {
      name: body.name ?? current.name,
      address: body.address ?? current.address,
      credits: body.credits,
    });
    return one(companyId, attributes(await companies.getCompany(db, actor, companyId)));
  });

  app.delete('/companies/:id', async (request) => {
    const actor = requireAdmin(request);
    const companyId = z.object({ id }).parse(request.params).id;
    const before = await companies.getCompany(db, actor, companyId);
    await companies.deleteCompany(db, actor, companyId);
    return one(companyId, attributes(before));
  });

  /** PRODUCT.md §3: credits are read from data[0].attributes.credits (euros) and .name. */
  app.get('/company/my', async (request) => {
    const company = await companies.myCompany(db, requireUser(request));
    return many(company ? [entity(company.id, attributes(company))] : []);
  });
}
