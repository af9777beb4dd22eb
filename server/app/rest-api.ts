import type { FastifyInstance } from 'fastify';
import { auditRoutes } from '../domains/audit/rest';
import { authRoutes } from '../domains/auth/rest';
import { billingRoutes } from '../domains/billing/rest';
import { companyRoutes } from '../domains/companies/rest';
import { companyExportRoutes } from '../domains/company-export/rest';
import { contentRoutes } from '../domains/content/rest';
import { editorRoutes } from '../domains/editor/rest';
import { healthRoutes } from '../domains/health/rest';
import { languageRoutes } from '../domains/languages/rest';
import { messageRoutes } from '../domains/messages/rest';
import { showcaseRoutes } from '../domains/showcase/rest';
import { uploadRoutes } from '../domains/uploads/rest';
import { resumableUploadRoutes } from '../domains/uploads/resumable-rest';
import { userRoutes } from '../domains/users/rest';
import { videoRoutes } from '../domains/videos/rest';
import { subtitleFontRoutes } from '../http/subtitle-fonts';
import type { Services } from '../services';

/**
 * The legacy REST paths of PRODUCT.md §7, mounted under /api, the public showcase files and the
 * subtitle fonts, the editor's media; each domain translates to its service.
 */
export async function restApi(app: FastifyInstance, services: Services) {
  healthRoutes(app, services);
  authRoutes(app, services);
  userRoutes(app, services);
  companyRoutes(app, services);
  auditRoutes(app, services);
  billingRoutes(app, services);
  contentRoutes(app, services);
  messageRoutes(app, services);
  uploadRoutes(app, services);
  videoRoutes(app, services);
  languageRoutes(app, services);
  resumableUploadRoutes(app, services);
  showcaseRoutes(app, services);
  subtitleFontRoutes(app, services);
  editorRoutes(app, services);
  companyExportRoutes(app, services);
}
