import type { FastifyInstance } from 'fastify';
import { attachment } from '../../http/content-disposition';
import { requireUser } from '../../rest/guards';
import type { Services } from '../../services';
import { exportCompanyZip } from './service';

export function companyExportRoutes(app: FastifyInstance, services: Services) {
  /** Beside the legacy contract: everything the caller's company has, as one ZIP made while it downloads. */
  app.get('/company-export', async (request, reply) => {
    const { stream, fileName } = await exportCompanyZip(services.db, requireUser(request), services.logger);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', attachment(fileName))
      .header('cache-control', 'private, no-store')
      .send(stream);
  });
}
