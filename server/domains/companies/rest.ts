import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cents, centsToEuros } from '../../../shared/money';
import { companyAdminUpdate, companyInput, id } from '../../../shared/schemas/accounts';
import { numeric } from '../../../shared/schemas/numbers';
import { somethingToChange } from '../../rest/bodies';
import { requireAdmin, requireSignedIn, requireUser } from '../../rest/guards';
import { collection, entity, many, one } from '../../rest/strapi';
import { applyCollectionQuery, parseCollectionQuery } from '../../rest/strapi-query';
import type { Services } from '../../services';
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
    // Creating a company names its admins (membership): a login session or none (signup), no API token.
    const caller = request.session ? requireSignedIn(request) : undefined;
    if (caller?.role === 'Admin') {
      const companyId = await companies.createCompanyAsAdmin(db, caller, { ...data, adminIds: data.admin });
      return one(companyId, attributes(await companies.getCompany(db, caller, companyId)));
    }
    // Signup step 3: a new user creates their own company, always with 0 credits.
    const { companyId, userId, ownerEmail } = await companies.createCompanyAtSignup(db, caller, {
      name: data.name,
      address: data.address,
      adminIds: data.admin,
    });
    return one(companyId, {
      name: data.name,
      address: data.address,
      credits: 0,
      admin: [userId],
      owner: ownerEmail,
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
