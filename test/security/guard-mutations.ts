import type { Replacement } from '../support/mutant-tree';

/**
 * Each guard that keeps one company's data from another (or admin functions from a plain user),
 * written as the exact text that removes it, with the routes of the isolation matrix that must then
 * fail. isolation-mutations.test.ts removes each in turn from a copy of the source and runs the
 * matrix for those routes: every one of them must fail, or the matrix does not prove what it says.
 */
export interface GuardMutation extends Replacement {
  guard: string;
  routes: string[];
}

export const GUARD_MUTATIONS: GuardMutation[] = [
  {
    guard: "a glossary is its company's: another company's answers as not found (companyOf)",
    file: 'server/domains/glossary/service.ts',
    old: "  if (!seesCompany(viewer, wanted)) throw new NotFound('Company');\n",
    new: '',
    routes: ['glossary.list', 'glossary.save', 'glossary.remove', 'glossary.exportCsv', 'glossary.importCsv'],
  },
  {
    guard: "companies.ledger checks the company is the caller's (getCompany)",
    file: 'server/domains/companies/router.ts',
    old: '    await companies.getCompany(ctx.db, ctx.user, companyId);\n    return ledgerOfCompany',
    new: '    return ledgerOfCompany',
    routes: ['companies.ledger'],
  },
  {
    guard: "getCompany answers another company's id as not found",
    file: 'server/domains/companies/service.ts',
    old: "  if (!seesCompany(viewer, companyId)) throw new NotFound('Company');\n",
    new: '',
    routes: ['GET /api/companies/:id', 'companies.get', 'companies.ledger'],
  },
  {
    guard: "updateCompany lets only an admin or the company's own admin edit it",
    file: 'server/domains/companies/service.ts',
    old: '    !adminActor &&\n    !(sameCompany(actor.companyId, companyId) && (await isAdminOf(db, companyId, actor.id)))\n',
    new: '    false\n',
    routes: ['companies.update'],
  },
  {
    guard: "the video query is scoped by the caller's company (findForCompany)",
    file: 'server/domains/videos/repo.ts',
    old: '  return videoOfCompany(db, companyId, videoId)\n    .select(listColumns)\n',
    new: "  return db.selectFrom('videos').where('id', '=', videoId).where('deleted_at', 'is', null)\n    .select(listColumns)\n",
    routes: [
      'GET /api/upload-logs',
      'GET /api/upload-logs/my-company-video',
      'GET /api/srts',
      'videos.get',
      'videos.subtitles',
    ],
  },
  {
    guard: "the query that finds a video's download key is scoped by company (downloadKeys)",
    file: 'server/domains/videos/repo.ts',
    old: "  return videoOfCompany(db, companyId, videoId)\n    .select(['id', 'filename', 'title', 'hardcoded_key', 'hardcoded_status'])\n",
    new: "  return db.selectFrom('videos').where('id', '=', videoId).where('deleted_at', 'is', null)\n    .select(['id', 'filename', 'title', 'hardcoded_key', 'hardcoded_status'])\n",
    routes: ['GET /api/download-hardcoded-url', 'videos.downloadUrl'],
  },
  {
    guard: 'the video whose subtitle tracks or ZIP are made is scoped by company (findForSoftSubtitles)',
    file: 'server/domains/videos/repo.ts',
    old: 'export function findForSoftSubtitles(db: Db, companyId: number, videoId: number) {\n  return videoOfCompany(db, companyId, videoId)\n',
    new: "export function findForSoftSubtitles(db: Db, companyId: number, videoId: number) {\n  return db.selectFrom('videos').where('id', '=', videoId)\n",
    routes: [
      'GET /api/videos/:id/soft-subtitles',
      'videos.softSubtitles',
      'GET /api/videos/:id/subtitles.zip',
      'videos.subtitlesZip',
    ],
  },
  {
    guard: 'the video locked for a revision is scoped by company (lockForRevision)',
    file: 'server/domains/videos/repo.ts',
    old: 'export function lockForRevision(db: Db, companyId: number, videoId: number) {\n  return videoOfCompany(db, companyId, videoId)\n',
    new: "export function lockForRevision(db: Db, companyId: number, videoId: number) {\n  return db.selectFrom('videos').where('id', '=', videoId).where('deleted_at', 'is', null)\n",
    routes: [
      'POST /api/upload-srt',
      'POST /api/videos/upload-subtitles',
      'editor.saveAndBurnIn',
      'editor.buyReburn',
      'subtitleStyles.restyleVideo',
    ],
  },
  {
    guard: "a company's subtitle style is its users' own or an admin's (subtitle-styles targetCompany)",
    file: 'server/domains/subtitle-styles/service.ts',
    old: "  if (!target || !seesCompany(user, target)) throw new NotFound('Company');",
    new: "  if (!target) throw new NotFound('Company');",
    routes: [
      'subtitleStyles.companyDefault',
      'subtitleStyles.setCompanyDefault',
      'subtitleStyles.setCompanyCustom',
    ],
  },
  {
    guard: "the page of videos is the caller's company's (pageForCompany)",
    file: 'server/domains/videos/repo.ts',
    old: "  const own = companyRows(db, companyId).selectFrom('videos');",
    new: "  const own = db.selectFrom('videos');",
    routes: ['GET /api/upload-logs/my-company-videos-:sort', 'videos.list'],
  },
  {
    guard: "latestSubtitles first checks the video is the caller's company's (getVideo)",
    file: 'server/domains/videos/read-service.ts',
    old: '  await getVideo(db, user, videoId);\n  const subtitle',
    new: '  const subtitle',
    routes: ['GET /api/srts', 'videos.subtitles'],
  },
  {
    guard: "the editor's video is scoped by company (editor repo findVideo)",
    file: 'server/domains/editor/repo.ts',
    old: 'export function findVideo(db: Db, companyId: number, videoId: number) {\n  return videoOfCompany(db, companyId, videoId)\n',
    new: "export function findVideo(db: Db, companyId: number, videoId: number) {\n  return db.selectFrom('videos').where('id', '=', videoId).where('deleted_at', 'is', null)\n",
    routes: ['editor.open', 'editor.peaks', 'editor.preview', 'editor.version'],
  },
  {
    guard: "a comment's video is the caller's company's (comments findCompanyVideo)",
    file: 'server/domains/comments/repo.ts',
    old: "  return videoOfCompany(db, companyId, videoId).select('id')",
    new: "  return db.selectFrom('videos').where('id', '=', videoId).select('id')",
    routes: ['comments.list', 'comments.add', 'comments.createReviewLink'],
  },
  {
    guard: "a resolved comment is one of the caller's company's videos (resolveOpenComment)",
    file: 'server/domains/comments/repo.ts',
    old: "    .where('video_id', 'in', companyRows(db, companyId).selectFrom('videos').select('id'))\n",
    new: '',
    routes: ['comments.resolve'],
  },
  {
    guard: "a review link opens only a video of the caller's company (findReviewLink)",
    file: 'server/domains/comments/repo.ts',
    old: 'export function findReviewLink(db: Db, companyId: number, tokenHash: string, now: Date) {\n  return companyRows(db, companyId)\n',
    new: 'export function findReviewLink(db: Db, companyId: number, tokenHash: string, now: Date) {\n  return db\n',
    routes: ['comments.openReviewLink'],
  },
  {
    guard: "editor.reburnQuote first checks the video is the caller's company's (companyVideo)",
    file: 'server/domains/editor/reburn.ts',
    old: '  const video = await companyVideo(services.db, user, input.id);\n',
    new: '  const video = { id: input.id, revisions: 2 };\n',
    routes: ['editor.reburnQuote'],
  },
  {
    guard: 'the video whose shot changes the editor reads is scoped by company (shot-changes findForEditor)',
    file: 'server/domains/shot-changes/repo.ts',
    old: '  return videoOfCompany(db, companyId, videoId)\n',
    new: "  return db.selectFrom('videos').where('videos.id', '=', videoId)\n",
    routes: ['shotChanges.ofVideo'],
  },
  {
    guard: "editor.version first checks the video is the caller's company's",
    file: 'server/domains/editor/service.ts',
    old: '  const { language } = await companyVideoIn(services.db, user, input.id, input.language);\n  const version',
    new: "  const language = '';\n  const version",
    routes: ['editor.version'],
  },
  {
    guard: 'the video held for a draft is scoped by company (holdVideoForDraft)',
    file: 'server/domains/editor/repo.ts',
    old: "  return videoOfCompany(db, companyId, videoId).select(['id', 'out_lan']).forKeyShare()",
    new: "  return db.selectFrom('videos').where('id', '=', videoId).where('deleted_at', 'is', null).select(['id', 'out_lan']).forKeyShare()",
    routes: ['editor.saveDraft', 'editor.discardDraft'],
  },
  {
    guard: "saveDraft refuses a video it could not hold as the caller's company's",
    file: 'server/domains/editor/service.ts',
    old: "    const video = await repo.holdVideoForDraft(trx, companyId, input.id);\n    if (!video) throw new NotFound('Video');\n    const language = await editedLanguage(trx, companyId, video, input.language);\n    if (input.revision > 0) {",
    new: "    const language = '' as const;\n    if (input.revision > 0) {",
    routes: ['editor.saveDraft'],
  },
  {
    guard: "discardDraft refuses a video it could not hold as the caller's company's",
    file: 'server/domains/editor/service.ts',
    old: "    const video = await repo.holdVideoForDraft(trx, companyId, input.id);\n    if (!video) throw new NotFound('Video');\n    const language = await editedLanguage(trx, companyId, video, input.language);\n    return { discarded",
    new: "    const language = '' as const;\n    return { discarded",
    routes: ['editor.discardDraft'],
  },
  {
    guard: "getMessage answers another company's message as not found",
    file: 'server/domains/messages/service.ts',
    old: "  if (!message || !seesCompany(user, message.companyId)) throw new NotFound('Message');",
    new: "  if (!message) throw new NotFound('Message');",
    routes: ['GET /api/messages/:id', 'messages.get'],
  },
  {
    guard: "only an admin lists every company's messages",
    file: 'server/domains/messages/service.ts',
    old: '  if (allCompanies && isAdmin(user)) return',
    new: '  if (allCompanies) return',
    routes: ['GET /api/messages/myCompany', 'messages.list'],
  },
  {
    guard: 'the page of messages is scoped by company (pageNewestFirst rows, through base)',
    file: 'server/domains/messages/repo.ts',
    old: "  return companyRows(db, scope)\n    .selectFrom('messages')\n    .innerJoin(",
    new: "  return companyRows(db, EVERY_COMPANY)\n    .selectFrom('messages')\n    .innerJoin(",
    routes: ['GET /api/messages/myCompany', 'messages.list'],
  },
  {
    guard: 'the count of messages is scoped by company (pageNewestFirst total)',
    file: 'server/domains/messages/repo.ts',
    old: '  const count = companyRows(db, scope)\n',
    new: '  const count = companyRows(db, EVERY_COMPANY)\n',
    routes: ['messages.list'],
  },
  {
    guard: 'the unread count is scoped by company (countsForUser)',
    file: 'server/domains/messages/repo.ts',
    old: "  const row = await companyRows(db, companyId)\n    .selectFrom('messages')\n    .select((eb) => [",
    new: "  const row = await db\n    .selectFrom('messages')\n    .select((eb) => [",
    routes: ['messages.unread'],
  },
  {
    guard: 'adminProcedure refuses a plain user',
    file: 'server/trpc/trpc.ts',
    old: "  if (ctx.user.role !== 'Admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Admins only' });\n",
    new: '',
    routes: ['users.list', 'companies.all', 'companies.adjustCredits', 'messages.create'],
  },
  {
    guard: 'requireAdmin refuses a plain user (REST)',
    file: 'server/rest/guards.ts',
    old: "  if (user.role !== 'Admin') throw new Forbidden('Admins only');\n",
    new: '',
    routes: ['GET /api/users', 'GET /api/companies', 'PUT /api/users/:id', 'DELETE /api/messages/:id'],
  },
  {
    guard: 'the video locked for deletion is scoped by company (lockForDeletion)',
    file: 'server/domains/videos/repo.ts',
    old: 'export function lockForDeletion(db: Db, companyId: number, videoId: number) {\n  return videoOfCompany(db, companyId, videoId)\n',
    new: "export function lockForDeletion(db: Db, companyId: number, videoId: number) {\n  return db.selectFrom('videos').where('id', '=', videoId).where('deleted_at', 'is', null)\n",
    routes: ['DELETE /api/upload-logs/:id'],
  },
  {
    guard: 'the video locked for deletion is scoped by company (lockForDeletion, over tRPC)',
    file: 'server/domains/videos/repo.ts',
    old: 'export function lockForDeletion(db: Db, companyId: number, videoId: number) {\n  return videoOfCompany(db, companyId, videoId)\n',
    new: "export function lockForDeletion(db: Db, companyId: number, videoId: number) {\n  return db.selectFrom('videos').where('id', '=', videoId).where('deleted_at', 'is', null)\n",
    // Its own run: the REST route above, attacked first, would leave only a tombstone to delete.
    routes: ['videos.delete'],
  },
  {
    guard: 'a video is cancelled by its own company only (cancelVideo)',
    file: 'server/domains/videos/cancellation.ts',
    old: '!sameCompany(video.company_id, companyId) || ',
    new: '',
    routes: ['videos.cancel'],
  },
  {
    guard: 'a token is revoked only by its owner (deleteApiTokenOfUser)',
    file: 'server/domains/api-tokens/repo.ts',
    old: "    .where('id', '=', id)\n    .where('user_id', '=', userId)\n",
    new: "    .where('id', '=', id)\n",
    routes: ['apiTokens.revoke'],
  },
  {
    guard: "a company's retention is read by its members only (getRetention)",
    file: 'server/domains/retention/service.ts',
    old: "  if (!seesCompany(user, companyId)) throw new NotFound('Company');\n",
    new: '',
    routes: ['retention.get'],
  },
  {
    guard: "a company's retention is set by its admin or a platform admin only (setRetention)",
    file: 'server/domains/retention/service.ts',
    old: '  if (!(await mayChange(db, user, companyId)))\n',
    new: '  if (false)\n',
    routes: ['retention.set'],
  },
  {
    // The one door of the routes, tus's getFileIdFromRequest and every call of its store: each alone
    // backs the others up, so only the door's removal shows through HTTP.
    guard: "a resumable upload is its company's, at the routes and inside tus (isCompanyUpload)",
    file: 'server/domains/uploads/resumable-upload-id.ts',
    old: '  return sameCompany(uploadCompanyId(urlId), companyId);\n',
    new: '  return Boolean(companyId) && uploadCompanyId(urlId) !== null;\n',
    routes: ['PATCH /api/videos/uploads/tus/:id', 'DELETE /api/videos/uploads/tus/:id'],
  },
  {
    guard: "the company export's index reads the caller's company's videos only (videosAfter)",
    file: 'server/domains/company-export/repo.ts',
    old: 'export function videosAfter(db: Db, companyId: number, afterId: number, limit: number) {\n  return companyRows(db, companyId)\n',
    new: 'export function videosAfter(db: Db, companyId: number, afterId: number, limit: number) {\n  return db\n',
    routes: ['GET /api/company-export'],
  },
  {
    guard: 'a paid checkout is answered to its own company only (checkoutStatus)',
    file: 'server/domains/billing/checkout-status.ts',
    old: '    if (!sameCompany(purchase.companyId, user.companyId)) throw new NotFound(SESSION_NOT_FOUND);\n',
    new: '',
    routes: ['billing.checkoutStatus'],
  },
  {
    guard: "a company admin names only their own company's members admin (setMemberAdmin)",
    file: 'server/domains/team/service.ts',
    old: "    if (!sameCompany(member?.companyId, companyId)) throw new NotFound('Member');\n",
    new: '',
    routes: ['team.setAdmin'],
  },
  {
    guard: "a company's subtitles are exported from its own videos only (findForExport)",
    file: 'server/domains/videos/repo.ts',
    old: 'export function findForExport(db: Db, companyId: number, videoId: number) {\n  return videoOfCompany(db, companyId, videoId)\n',
    new: "export function findForExport(db: Db, companyId: number, videoId: number) {\n  return db.selectFrom('videos').where('id', '=', videoId).where('deleted_at', 'is', null)\n",
    routes: ['videos.export'],
  },
  {
    guard: "the team screen lists the company's own members (membersOf)",
    file: 'server/domains/team/repo.ts',
    old: 'export function membersOf(db: Db, companyId: number) {\n  return companyRows(db, companyId)\n',
    new: 'export function membersOf(db: Db, companyId: number) {\n  return db\n',
    routes: ['team.overview'],
  },
  {
    guard: 'a member is removed from their own company only (leaveCompany)',
    file: 'server/domains/team/repo.ts',
    old: 'export function leaveCompany(db: Db, companyId: number, userId: number) {\n  return companyRows(db, companyId)\n',
    new: 'export function leaveCompany(db: Db, companyId: number, userId: number) {\n  return db\n',
    routes: ['team.removeMember'],
  },
  {
    guard: 'only a platform admin edits any company (companies isAdmin)',
    file: 'server/domains/companies/service.ts',
    old: "const isAdmin = (user: SessionUser) => user.role === 'Admin';",
    new: 'const isAdmin = (_user: SessionUser) => true;',
    routes: ['companies.update'],
  },
  {
    guard: "only a platform admin reads every company's messages (messages isAdmin)",
    file: 'server/domains/messages/service.ts',
    old: "const isAdmin = (user: SessionUser) => user.role === 'Admin';",
    new: 'const isAdmin = (_user: SessionUser) => true;',
    routes: ['GET /api/messages/myCompany', 'messages.list'],
  },
  {
    guard: "a company's retention is set by a platform admin or the company's own admin (mayChange)",
    file: 'server/domains/retention/service.ts',
    old: "    user.role === 'Admin' ||\n",
    new: '    true ||\n',
    routes: ['retention.set'],
  },
  // The access module's own functions, each made to let everything through: every query and check
  // built on them then fails somewhere in the matrix.
  {
    guard: 'companyRows filters every query it starts to the company (server/access/repo.ts)',
    file: 'server/access/repo.ts',
    old: '  if (scope === EVERY_COMPANY) return builder;\n',
    new: '  return builder;\n',
    routes: [
      'videos.list',
      'videos.get',
      'editor.open',
      'messages.list',
      'messages.unread',
      'GET /api/company-export',
    ],
  },
  {
    guard: "videoOfCompany finds the company's own live video only (server/access/repo.ts)",
    file: 'server/access/repo.ts',
    old: "  return companyRows(db, companyId)\n    .selectFrom('videos')\n    .where('videos.id', '=', videoId)\n",
    new: "  return db\n    .selectFrom('videos')\n    .where('videos.id', '=', videoId)\n",
    routes: ['videos.get', 'editor.open', 'videos.downloadUrl', 'videos.export'],
  },
  {
    guard:
      'seesCompany lets a member or a platform admin see a company, no one else (server/access/checks.ts)',
    file: 'server/access/checks.ts',
    old: "  return viewer.role === 'Admin' || sameCompany(viewer.companyId, companyId);\n",
    new: '  return true;\n',
    routes: [
      'companies.get',
      'glossary.list',
      'messages.get',
      'retention.get',
      'subtitleStyles.companyDefault',
    ],
  },
  {
    guard: 'sameCompany is true for one company only (server/access/checks.ts)',
    file: 'server/access/checks.ts',
    old: '  return one !== null && one !== undefined && one === other;\n',
    new: '  return one !== null && one !== undefined;\n',
    routes: ['videos.cancel', 'billing.checkoutStatus', 'team.setAdmin', 'PATCH /api/videos/uploads/tus/:id'],
  },
  // Issue 40 (languages-server): the languages of a video.
  {
    guard: "the video whose languages are listed is scoped by company (languages' findVideo)",
    file: 'server/domains/languages/repo.ts',
    old: 'export function findVideo(db: Db, companyId: number, videoId: number) {\n  return videoOfCompany(db, companyId, videoId)',
    new: "export function findVideo(db: Db, companyId: number, videoId: number) {\n  return db.selectFrom('videos').where('id', '=', videoId)",
    routes: ['videos.languages'],
  },
  {
    guard: "the video locked to add or burn a language is scoped by company (languages' lockVideo)",
    file: 'server/domains/languages/repo.ts',
    old: 'export function lockVideo(db: Db, companyId: number, videoId: number) {\n  return videoOfCompany(db, companyId, videoId)',
    new: "export function lockVideo(db: Db, companyId: number, videoId: number) {\n  return db.selectFrom('videos').where('id', '=', videoId)",
    routes: ['videos.addLanguage', 'POST /api/videos/:id/languages'],
  },
];

/**
 * Each guard that ends a credential, or keeps an API token from taking its account over, written as
 * the exact text that removes it, with the cells of the credential-lifetimes table
 * (credential-lifetimes.ts) that must then fail: credential-mutations.test.ts removes each in turn.
 */
export interface CredentialGuardMutation extends Replacement {
  guard: string;
  cells: string[];
}

export const CREDENTIAL_GUARD_MUTATIONS: CredentialGuardMutation[] = [
  {
    guard: 'an API token may not do what needs a sign-in (requireInteractiveSession)',
    file: 'server/http/session-user.ts',
    old: '  if (session.apiTokenId !== undefined) throw new Forbidden(API_TOKEN_MESSAGES.signInToChange);\n',
    new: '',
    cells: [
      'API token may not change the password (tRPC)',
      'API token may not change the password (REST)',
      'API token may not change the username',
      'API token may not mint another token',
      'API token may not invite into the company',
    ],
  },
  {
    guard: 'a live stream checks the credential and membership it was opened with (events.company)',
    file: 'server/app/events-router.ts',
    old: '      stillGranted: () => credentialStillOpens(ctx.db, ctx.session, companyId),\n',
    new: '      stillGranted: async () => true,\n',
    cells: [
      'live stream (login session) after logout',
      'live stream (login session) after removal from the company',
      'live stream (API token) after token revoke',
    ],
  },
  {
    guard: 'a password reset or a removal from the company revokes the API tokens (endEveryCredential)',
    file: 'server/domains/accounts/credentials.ts',
    old: '  await revokeAllApiTokens(db, userId);\n',
    new: '',
    cells: [
      'API token after admin reset',
      'API token after e-mailed reset',
      'API token after removal from the company',
    ],
  },
  {
    guard:
      "a platform admin's removal from the company ends the user's sessions and tokens (unassignCompany)",
    file: 'server/domains/users/service.ts',
    old: '    await endEveryCredential(trx, userId);\n',
    new: '',
    cells: [
      'cookie session after removal from the company',
      'Bearer session after removal from the company',
      'API token after removal from the company',
    ],
  },
  {
    guard: "a platform admin's removal takes the user off the company's admin list, so they cannot rejoin",
    file: 'server/domains/users/service.ts',
    old: '    await removeAdminEntriesOf(trx, userId, null);\n',
    new: '',
    cells: ['company membership (rejoined by PUT /api/users/me) after removal from the company'],
  },
  {
    guard: 'a signed download link stops when its holder leaves the company (sendSignedDownload)',
    file: 'server/domains/videos/downloads.ts',
    old: '  if (!grant?.holder || !(await stillMemberOf(services.db, grant.holder)))\n',
    new: '  if (!grant)\n',
    cells: ['signed download link after removal from the company'],
  },
  {
    guard: 'a password changed in the profile retires pending reset links (updateProfile)',
    file: 'server/domains/users/service.ts',
    old: '      await retireResetLinks(trx, userId);\n',
    new: '',
    cells: ['reset link after password change'],
  },
  {
    guard: 'a password reset by an admin retires pending reset links (resetPassword)',
    file: 'server/domains/users/service.ts',
    old: '    await retireResetLinks(trx, user.id);\n',
    new: '',
    cells: ['reset link after admin reset'],
  },
];

/**
 * The guard sites (test/support/guard-sites.ts) no mutation above removes, each keyed by its file and
 * the text of its line, with why the isolation matrix cannot see it removed and what proves it
 * instead. guard-coverage.test.ts fails on a site that is in neither list.
 */
export const GUARDS_PROVEN_ELSEWHERE: Record<string, string> = {
  'server/domains/editor/repo.ts#addedLanguageOf: return videoOfCompany(db, companyId, videoId)':
    "a second lock behind the editor's video checks (findVideo, holdVideoForDraft), which every editor route meets first and which are mutated above (editor-languages.test.ts: a stranger is refused every language)",
  // Issue 40 (languages-server).
  'server/domains/languages/repo.ts#languagesOfVideo: return companyRows(db, companyId)':
    "a second lock behind languages' findVideo and lockVideo, which videos.languages, videos.addLanguage and videos.burnLanguage meet first and which are mutated above",
  'server/domains/languages/repo.ts#countCharges: const row = await companyRows(db, companyId)':
    "a second lock behind languages' lockVideo, which the charge of videos.addLanguage and videos.burnLanguage meets first and which is mutated above",
  'server/domains/videos/repo.ts#languagesOfVideos: return companyRows(db, companyId)':
    "a second lock behind pageForCompany: videos.list asks for the languages of the page's ids, which are the caller's company's (pageForCompany's companyRows is mutated above)",
  'server/domains/videos/repo.ts#isReadyLanguage: const row = await companyRows(db, companyId)':
    'a second lock behind findForExport (GET /api/subtitle-file?language=, videos.export), mutated above; server/domains/languages/languages-access.test.ts asks for a French file of another company',
  'server/domains/videos/repo.ts#readyLanguages: const rows = await companyRows(db, companyId)':
    'a second lock behind findForSoftSubtitles (the soft-subtitle files and the ZIP), mutated above',
  'server/domains/comments/repo.ts#listForVideo: return companyRows(db, companyId)':
    'a second lock behind findCompanyVideo, which comments.list meets first and which is mutated above',
  'server/domains/comments/repo.ts#findCompanyComment: return companyRows(db, companyId)':
    "only tells 'already resolved' from 'not found' after resolveOpenComment, whose company filter is mutated above (comments.test.ts: a stranger's resolve is not found)",
  "server/domains/accounts/account-token-repo.ts#failedVerificationMailOf: .where('user_id', '=', userId)":
    "a user's own reset and verification tokens, by the id the token names; no company route reads them (credential-lifetimes.test.ts: reset links)",
  "server/domains/accounts/account-token-repo.ts#retireAccountTokens: .where('user_id', '=', userId)":
    "a user's own reset and verification tokens, by the id the token names; no company route reads them (credential-lifetimes.test.ts: reset links)",
  "server/domains/accounts/account-token-repo.ts#tokensIssuedSince: .where('user_id', '=', userId)":
    "a user's own reset and verification tokens, by the id the token names; no company route reads them (credential-lifetimes.test.ts: reset links)",
  'server/domains/accounts/credentials.ts#credentialStillOpens: return sameCompany(holder.companyId, companyId);':
    "a live stream's recheck of its membership: credential-lifetimes.test.ts ('live stream … after removal from the company'), through the events.company mutation of CREDENTIAL_GUARD_MUTATIONS",
  'server/domains/accounts/membership-repo.ts#isAdminOf: const row = await companyRows(db, companyId)':
    "isAdminOf: a second lock behind a check the matrix's intruder meets first, itself mutated above (sameCompany in updateCompany and mayChange, adminCompanyOf in team)",
  "server/domains/accounts/membership-repo.ts#isAdminOf: .where('user_id', '=', userId)":
    "isAdminOf's user: a second lock behind a check the matrix's intruder meets first, itself mutated above",
  "server/domains/accounts/membership-repo.ts#removeAdminEntriesOf: let query = db.deleteFrom('company_admins').where('user_id', '=', userId);":
    "a platform admin's removal of a user from every company's admin list (users.unassignCompany, admin only)",
  "server/domains/accounts/session-repo.ts#deleteOtherSessionsOfUser: let query = db.deleteFrom('sessions').where('user_id', '=', userId);":
    "ends a user's own sessions: credential-lifetimes.test.ts tries each session after the event",
  "server/domains/api-tokens/repo.ts#listApiTokensOfUser: .where('user_id', '=', userId)":
    "lists the caller's own tokens (apiTokens.list answers the intruder's own, checked by the api-tokens tests); the revoke filter is mutated above",
  "server/domains/api-tokens/repo.ts#deleteAllApiTokensOfUser: const result = await db.deleteFrom('api_tokens').where('user_id', '=', userId).executeTakeFirst();":
    'revokes every token of a user whose credentials end (credential-lifetimes.test.ts: API token after reset or removal)',
  "server/domains/companies/repo.ts#findWithAdmins: const admins = await companyRows(db, companyId).selectFrom('company_admins').select('user_id').execute();":
    "findWithAdmins: a second lock behind a check the matrix's intruder meets first, itself mutated above (getCompany's seesCompany)",
  'server/domains/companies/repo.ts#countVideos: const row = await companyRows(db, companyId)':
    "countVideos: a platform admin's deletion of a company counts its videos (companies.delete, admin only)",
  "server/domains/companies/rest.ts#companyRoutes: if (caller?.role === 'Admin') {":
    "chooses how a company is created (by an admin, or at signup as the creator's own): it reads no company's data",
  'server/domains/companies/service.ts#updateCompany: throw sameCompany(actor.companyId, companyId)':
    'chooses the answer (forbidden or not found) for a caller the condition above (mutated) already refused',
  'server/domains/company-export/repo.ts#subtitlesAfter: return companyRows(db, companyId)':
    "the export's subtitles and ledger pages: the matrix's scanner cannot open the ZIP (issue 37); server/domains/company-export/export.test.ts reads the archive of one company and finds none of another's",
  'server/domains/company-export/repo.ts#ledgerAfter: return companyRows(db, companyId)':
    "the export's subtitles and ledger pages: the matrix's scanner cannot open the ZIP (issue 37); server/domains/company-export/export.test.ts reads the archive of one company and finds none of another's",
  'server/domains/glossary/repo.ts#listTerms: const rows = await companyRows(db, companyId)':
    "NOT PROVEN by the matrix: its glossary routes name the victim's company and meet companyOf (mutated) first; a call naming the intruder's own company with the victim's term id is not attacked (to add to the matrix)",
  'server/domains/glossary/repo.ts#countTerms: const row = await companyRows(db, companyId)':
    'NOT PROVEN by the matrix (as listTerms above)',
  'server/domains/glossary/repo.ts#updateTerm: const result = await companyRows(db, companyId)':
    "NOT PROVEN by the matrix: updateTerm and deleteTerm with the intruder's own company and the victim's term id are not attacked (to add to the matrix)",
  'server/domains/glossary/repo.ts#findTermIdBySpelling: const row = await companyRows(db, companyId)':
    'NOT PROVEN by the matrix (as listTerms above)',
  'server/domains/glossary/repo.ts#deleteTerm: const result = await companyRows(db, companyId)':
    "NOT PROVEN by the matrix: updateTerm and deleteTerm with the intruder's own company and the victim's term id are not attacked (to add to the matrix)",
  "server/domains/glossary/repo.ts#deleteAllTerms: return companyRows(db, companyId).deleteFrom('glossary_terms').execute();":
    "NOT PROVEN by the matrix (a replacing import of the intruder's own glossary)",
  'server/domains/ledger/repo.ts#listForCompany: return companyRows(db, companyId)':
    "NOT PROVEN by the matrix: companies.ledger names the victim's company and meets getCompany (mutated) first; the intruder's own ledger is not scanned for the victim's lines",
  'server/domains/messages/repo.ts#deleteMessage: return companyRows(db, EVERY_COMPANY)':
    "an admin's deletion of any company's message (requireAdmin, mutated above): no company filter is meant",
  'server/domains/messages/repo.ts#markAllSeen: const newest = await companyRows(db, companyId)':
    "markAllSeen: sets the caller's own last-seen id; another company's newest id would only shift the caller's unread count",
  'server/domains/notices/repo.ts#companyUsersWanting: return companyRows(db, companyId)':
    "who is mailed and what a mail says (recipients, admins, a receipt's ledger line, videos about to go): no route answers with them; server/domains/notices tests mail the company's users only",
  'server/domains/notices/repo.ts#companyAdmins: return companyRows(db, companyId)':
    "who is mailed and what a mail says (recipients, admins, a receipt's ledger line, videos about to go): no route answers with them; server/domains/notices tests mail the company's users only",
  'server/domains/notices/repo.ts#companyAdminsWanting: return companyRows(db, companyId)':
    "who is mailed and what a mail says (recipients, admins, a receipt's ledger line, videos about to go): no route answers with them; server/domains/notices tests mail the company's users only",
  'server/domains/notices/repo.ts#ledgerLineOf: return companyRows(db, companyId)':
    "who is mailed and what a mail says (recipients, admins, a receipt's ledger line, videos about to go): no route answers with them; server/domains/notices tests mail the company's users only",
  'server/domains/notices/repo.ts#videosToAnnounce: return companyRows(db, companyId)':
    "who is mailed and what a mail says (recipients, admins, a receipt's ledger line, videos about to go): no route answers with them; server/domains/notices tests mail the company's users only",
  "server/domains/notices/repo.ts#companyAdmins: .where('company_admins.company_id', '=', companyId)":
    "the company's admins to mail: no route answers with them (server/domains/notices tests)",
  "server/domains/notices/repo.ts#companyAdminsWanting: .where('company_admins.company_id', '=', companyId)":
    "the company's admins to mail: no route answers with them (server/domains/notices tests)",
  'server/domains/retention/repo.ts#forgetWarnings: return companyRows(db, companyId)':
    "forgetWarnings: resets a reminder flag after setRetention's checks (mutated); answers nothing",
  'server/domains/retention/service.ts#mayChange: (sameCompany(user.companyId, companyId) && (await isAdminOf(db, companyId, user.id)))':
    "a second lock behind a check the matrix's intruder meets first, itself mutated above (isAdminOf of the victim's company is false for the intruder too; sameCompany itself is mutated)",
  'server/domains/retention/service.ts#setRetention: throw sameCompany(user.companyId, companyId)':
    'chooses the answer (forbidden or not found) for a caller mayChange (mutated) already refused',
  'server/domains/team/repo.ts#openInvitationFor: return companyRows(db, companyId)':
    "openInvitationFor: stops a second invitation of one address within the company; team.invite's answer for the victim's address is decided by the address being a user's",
  "server/domains/team/repo.ts#removeAdmin: return companyRows(db, companyId).deleteFrom('company_admins').where('user_id', '=', userId).execute();":
    "removeAdmin: runs after leaveCompany or setMemberAdmin's check (both mutated) found the member in the company",
  'server/domains/uploads/resumable-repo.ts#findPendingSrt: const row = await companyRows(db, companyId)':
    "findPendingSrt: a second lock behind a check the matrix's intruder meets first, itself mutated above (isCompanyUpload at every resumable route)",
  'server/domains/uploads/resumable-repo.ts#findFinishedUpload: return companyRows(db, companyId)':
    "findFinishedUpload: a second lock behind a check the matrix's intruder meets first, itself mutated above (isCompanyUpload at every resumable route)",
  'server/domains/users/service.ts#joinOwnCompany: if (sameCompany(me.companyId, companyId)) return;':
    "joinOwnCompany's no-op for the company the user is in already: it grants nothing",
  'server/domains/users/service.ts#stillMemberOf: return sameCompany(profile?.companyId, holder.companyId);':
    "stillMemberOf: credential-lifetimes.test.ts ('signed download link after removal from the company'), through the sendSignedDownload mutation of CREDENTIAL_GUARD_MUTATIONS",
  'server/domains/team/repo.ts#openInvitationsOf: return companyRows(db, companyId)':
    "NOT PROVEN: the matrix seeds no open invitation of the victim, so the intruder's team.overview shows nothing more without the filter (to add to the matrix's seed)",
  'server/domains/team/repo.ts#revokeInvitation: return companyRows(db, companyId)':
    "the matrix's invitation id is no open invitation of the victim; server/domains/team/team.test.ts ('only its company may withdraw it') revokes another company's invitation and expects 404",
};
