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
    old: "  if (viewer.role !== 'Admin' && viewer.companyId !== wanted) throw new NotFound('Company');\n",
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
    old: "  if (!isAdmin(viewer) && viewer.companyId !== companyId) throw new NotFound('Company');\n",
    new: '',
    routes: ['GET /api/companies/:id', 'companies.get', 'companies.ledger'],
  },
  {
    guard: "updateCompany lets only an admin or the company's own admin edit it",
    file: 'server/domains/companies/service.ts',
    old: '  if (!adminActor && !(actor.companyId === companyId && (await isAdminOf(db, companyId, actor.id)))) {',
    new: '  if (false) {',
    routes: ['companies.update'],
  },
  {
    guard: "the video query is scoped by the caller's company (findForCompany)",
    file: 'server/domains/videos/repo.ts',
    old: "    .select(readingNotes)\n    .where('id', '=', videoId)\n    .where('company_id', '=', companyId)\n",
    new: "    .select(readingNotes)\n    .where('id', '=', videoId)\n",
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
    old: "    .select(['id', 'filename', 'title', 'hardcoded_key', 'hardcoded_status'])\n    .where('id', '=', videoId)\n    .where('company_id', '=', companyId)\n",
    new: "    .select(['id', 'filename', 'title', 'hardcoded_key', 'hardcoded_status'])\n    .where('id', '=', videoId)\n",
    routes: ['GET /api/download-hardcoded-url', 'videos.downloadUrl'],
  },
  {
    guard: 'the video whose subtitle tracks or ZIP are made is scoped by company (findForSoftSubtitles)',
    file: 'server/domains/videos/repo.ts',
    old: "    .select(['company_id', 'subtitle_style', 'custom_style'])\n    .where('id', '=', videoId)\n    .where('company_id', '=', companyId)\n",
    new: "    .select(['company_id', 'subtitle_style', 'custom_style'])\n    .where('id', '=', videoId)\n",
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
    old: "    .select(['id', 'hardcoded_status', 'revisions', 'filename', 'subtitle_style', 'custom_style'])\n    .where('id', '=', videoId)\n    .where('company_id', '=', companyId)\n",
    new: "    .select(['id', 'hardcoded_status', 'revisions', 'filename', 'subtitle_style', 'custom_style'])\n    .where('id', '=', videoId)\n",
    routes: [
      'POST /api/upload-srt',
      'POST /api/videos/upload-subtitles',
      'editor.saveAndBurnIn',
      'subtitleStyles.restyleVideo',
    ],
  },
  {
    guard: "a company's subtitle style is its users' own or an admin's (subtitle-styles targetCompany)",
    file: 'server/domains/subtitle-styles/service.ts',
    old: "  if (!target || (user.role !== 'Admin' && target !== user.companyId)) throw new NotFound('Company');",
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
    old: "  const own = db.selectFrom('videos').where('company_id', '=', companyId);",
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
    old: "      'custom_style',\n    ])\n    .where('id', '=', videoId)\n    .where('company_id', '=', companyId)\n",
    new: "      'custom_style',\n    ])\n    .where('id', '=', videoId)\n",
    routes: ['editor.open', 'editor.peaks', 'editor.preview', 'editor.version'],
  },
  {
    guard: "editor.version first checks the video is the caller's company's",
    file: 'server/domains/editor/service.ts',
    old: '  await companyVideo(services.db, user, videoId);\n  const version',
    new: '  const version',
    routes: ['editor.version'],
  },
  {
    guard: 'the video held for a draft is scoped by company (holdVideoForDraft)',
    file: 'server/domains/editor/repo.ts',
    old: "    .where('company_id', '=', companyId)\n    .forKeyShare()",
    new: '    .forKeyShare()',
    routes: ['editor.saveDraft', 'editor.discardDraft'],
  },
  {
    guard: "saveDraft refuses a video it could not hold as the caller's company's",
    file: 'server/domains/editor/service.ts',
    old: "    if (!(await repo.holdVideoForDraft(trx, companyId, input.id))) throw new NotFound('Video');\n",
    new: '',
    routes: ['editor.saveDraft'],
  },
  {
    guard: "discardDraft refuses a video it could not hold as the caller's company's",
    file: 'server/domains/editor/service.ts',
    old: "    if (!(await repo.holdVideoForDraft(trx, companyId, videoId))) throw new NotFound('Video');\n",
    new: '',
    routes: ['editor.discardDraft'],
  },
  {
    guard: "getMessage answers another company's message as not found",
    file: 'server/domains/messages/service.ts',
    old: "  if (!message || (!isAdmin(user) && message.companyId !== user.companyId)) throw new NotFound('Message');",
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
    guard: 'the page of messages is scoped by company (pageNewestFirst rows)',
    file: 'server/domains/messages/repo.ts',
    old: "    rows = rows.where('messages.company_id', '=', companyId);\n",
    new: '',
    routes: ['GET /api/messages/myCompany', 'messages.list'],
  },
  {
    guard: 'the count of messages is scoped by company (pageNewestFirst total)',
    file: 'server/domains/messages/repo.ts',
    old: "    count = count.where('company_id', '=', companyId);\n",
    new: '',
    routes: ['messages.list'],
  },
  {
    guard: 'the unread count is scoped by company (countsForUser)',
    file: 'server/domains/messages/repo.ts',
    old: "    .where('company_id', '=', companyId)\n    .executeTakeFirstOrThrow();\n  return { count:",
    new: '    .executeTakeFirstOrThrow();\n  return { count:',
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
    old: "    .select(['id', 'title', 'filename', 'srt_status', 'hardcoded_status', 'source_key', 'hardcoded_key'])\n    .where('id', '=', videoId)\n    .where('company_id', '=', companyId)\n",
    new: "    .select(['id', 'title', 'filename', 'srt_status', 'hardcoded_status', 'source_key', 'hardcoded_key'])\n    .where('id', '=', videoId)\n",
    routes: ['DELETE /api/upload-logs/:id'],
  },
  {
    guard: 'the video locked for deletion is scoped by company (lockForDeletion, over tRPC)',
    file: 'server/domains/videos/repo.ts',
    old: "    .select(['id', 'title', 'filename', 'srt_status', 'hardcoded_status', 'source_key', 'hardcoded_key'])\n    .where('id', '=', videoId)\n    .where('company_id', '=', companyId)\n",
    new: "    .select(['id', 'title', 'filename', 'srt_status', 'hardcoded_status', 'source_key', 'hardcoded_key'])\n    .where('id', '=', videoId)\n",
    // Its own run: the REST route above, attacked first, would leave only a tombstone to delete.
    routes: ['videos.delete'],
  },
  {
    guard: 'a video is cancelled by its own company only (cancelVideo)',
    file: 'server/domains/videos/cancellation.ts',
    old: 'video.company_id !== companyId || ',
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
    old: "  if (user.role !== 'Admin' && user.companyId !== companyId) throw new NotFound('Company');\n",
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
    old: '  return Boolean(companyId) && uploadCompanyId(urlId) === companyId;\n',
    new: '  return Boolean(companyId) && uploadCompanyId(urlId) !== null;\n',
    routes: ['PATCH /api/videos/uploads/tus/:id', 'DELETE /api/videos/uploads/tus/:id'],
  },
  {
    guard: "the company export's index reads the caller's company's videos only (videosAfter)",
    file: 'server/domains/company-export/repo.ts',
    old: "    .where('company_id', '=', companyId)\n    .where('deleted_at', 'is', null)\n    .where('id', '>', afterId)\n",
    new: "    .where('deleted_at', 'is', null)\n    .where('id', '>', afterId)\n",
    routes: ['GET /api/company-export'],
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
