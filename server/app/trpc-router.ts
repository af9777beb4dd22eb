import { apiTokensRouter } from '../domains/api-tokens/router';
import { auditRouter } from '../domains/audit/router';
import { authRouter } from '../domains/auth/router';
import { billingRouter } from '../domains/billing/router';
import { commentsRouter } from '../domains/comments/router';
import { companiesRouter } from '../domains/companies/router';
import { contentRouter } from '../domains/content/router';
import { dashboardRouter } from '../domains/dashboard/router';
import { editorRouter } from '../domains/editor/router';
import { glossaryRouter } from '../domains/glossary/router';
import { healthRouter } from '../domains/health/router';
import { languagesRouter } from '../domains/languages/router';
import { messagesRouter } from '../domains/messages/router';
import { noticesRouter } from '../domains/notices/router';
import { retentionRouter } from '../domains/retention/router';
import { shotChangesRouter } from '../domains/shot-changes/router';
import { showcaseRouter } from '../domains/showcase/router';
import { siteLinksRouter } from '../domains/site-links/router';
import { subtitleStylesRouter } from '../domains/subtitle-styles/router';
import { teamRouter } from '../domains/team/router';
import { usersRouter } from '../domains/users/router';
import { videosRouter } from '../domains/videos/router';
import { mergeRouters, router } from '../trpc/trpc';
import { eventsRouter } from './events-router';

export const appRouter = router({
  health: healthRouter,
  auth: authRouter,
  apiTokens: apiTokensRouter,
  users: usersRouter,
  companies: companiesRouter,
  retention: retentionRouter,
  audit: auditRouter,
  billing: billingRouter,
  content: contentRouter,
  siteLinks: siteLinksRouter,
  showcase: showcaseRouter,
  messages: messagesRouter,
  // The languages of a video (issue 40) answer under videos: `videos.addLanguage`, …
  videos: mergeRouters(videosRouter, languagesRouter),
  editor: editorRouter,
  comments: commentsRouter,
  shotChanges: shotChangesRouter,
  glossary: glossaryRouter,
  subtitleStyles: subtitleStylesRouter,
  events: eventsRouter,
  dashboard: dashboardRouter,
  notices: noticesRouter,
  team: teamRouter,
});

export type AppRouter = typeof appRouter;
