import { auditRouter } from '../domains/audit/router';
import { authRouter } from '../domains/auth/router';
import { billingRouter } from '../domains/billing/router';
import { companiesRouter } from '../domains/companies/router';
import { contentRouter } from '../domains/content/router';
import { editorRouter } from '../domains/editor/router';
import { healthRouter } from '../domains/health/router';
import { messagesRouter } from '../domains/messages/router';
import { showcaseRouter } from '../domains/showcase/router';
import { siteLinksRouter } from '../domains/site-links/router';
import { subtitleStylesRouter } from '../domains/subtitle-styles/router';
import { usersRouter } from '../domains/users/router';
import { videosRouter } from '../domains/videos/router';
import { eventsRouter } from '../realtime/router';
import { router } from './trpc';

export const appRouter = router({
  health: healthRouter,
  auth: authRouter,
  users: usersRouter,
  companies: companiesRouter,
  audit: auditRouter,
  billing: billingRouter,
  content: contentRouter,
  siteLinks: siteLinksRouter,
  showcase: showcaseRouter,
  messages: messagesRouter,
  videos: videosRouter,
  editor: editorRouter,
  subtitleStyles: subtitleStylesRouter,
  events: eventsRouter,
});

export type AppRouter = typeof appRouter;
