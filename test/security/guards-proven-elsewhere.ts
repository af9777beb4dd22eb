/**
 * The guard sites (test/support/guard-sites.ts) no mutation of guard-mutations.ts removes, each keyed
 * by its file and the text of its line, with why the isolation matrix cannot see it removed and what
 * proves it instead. guard-coverage.test.ts fails on a site that is in neither list.
 */
export const GUARDS_PROVEN_ELSEWHERE: Record<string, string> = {
  'server/domains/editor/repo.ts#addedLanguageOf: return videoOfCompany(db, companyId, videoId)':
    "a second lock behind the editor's video checks (findVideo, holdVideoForDraft), which every editor route meets first and which are mutated in guard-mutations.ts (editor-languages.test.ts: a stranger is refused every language)",
  'server/domains/languages/repo.ts#countCharges: const row = await companyRows(db, companyId)':
    "a second lock behind languages' lockVideo, which the charge of videos.addLanguage and videos.burnLanguage meets first and which is mutated in guard-mutations.ts",
  'server/domains/videos/repo.ts#languagesOfVideos: return companyRows(db, companyId)':
    "a second lock behind pageForCompany (videos.list asks for the languages of the page's ids, which are the caller's company's; pageForCompany's companyRows is mutated in guard-mutations.ts) and behind languages' findVideo and lockVideo (videos.languages, videos.addLanguage and videos.burnLanguage meet them first; mutated in guard-mutations.ts)",
  'server/domains/videos/repo.ts#ownSubtitlesWithoutLanguage: return companyRows(db, companyId)':
    "a second lock behind pageForCompany: videos.list reads the own subtitles of the page's ids, which are the caller's company's (pageForCompany's companyRows is mutated in guard-mutations.ts)",
  'server/domains/videos/repo.ts#isReadyLanguage: const row = await companyRows(db, companyId)':
    'a second lock behind findForExport (GET /api/subtitle-file?language=, videos.export), mutated in guard-mutations.ts; server/domains/languages/languages-access.test.ts asks for a French file of another company',
  'server/domains/videos/repo.ts#readyLanguages: const rows = await companyRows(db, companyId)':
    'a second lock behind findForSoftSubtitles (the soft-subtitle files and the ZIP), mutated in guard-mutations.ts',
  'server/domains/comments/repo.ts#listForVideo: return companyRows(db, companyId)':
    'a second lock behind findCompanyVideo, which comments.list meets first and which is mutated in guard-mutations.ts',
  'server/domains/comments/repo.ts#findReviewedVideo: return videoOfCompany(db, companyId, videoId)':
    "a second lock: its company and video are the review link's own (findReviewGrant, mutated in guard-mutations.ts); review-link.test.ts finds nothing of the company beyond the link's video in any answer",
  'server/domains/comments/repo.ts#liveReviewLinks: return companyRows(db, companyId)':
    'a second lock behind findCompanyVideo, which comments.reviewLinks meets first and which is mutated in guard-mutations.ts',
  "server/domains/comments/repo.ts#removeOwnComment: .where('video_id', 'in', companyRows(db, companyId).selectFrom('videos').select('id'))":
    "a second lock behind the author filter, which the matrix's intruder meets first (its own id wrote none of the victim's comments); comments.test.ts: an author moved to another company cannot remove what they wrote in the old one",
  'server/domains/comments/repo.ts#findCompanyComment: return companyRows(db, companyId)':
    "only tells 'already resolved' or 'not yours' from 'not found' after resolveOpenComment or removeOwnComment, whose company filters are mutated in guard-mutations.ts (comments.test.ts: a stranger's resolve and removal are not found)",
  "server/domains/accounts/account-token-repo.ts#failedVerificationMailOf: .where('user_id', '=', userId)":
    "a user's own reset and verification tokens, by the id the token names; no company route reads them (credential-lifetimes.test.ts: reset links)",
  "server/domains/accounts/account-token-repo.ts#retireAccountTokens: .where('user_id', '=', userId)":
    "a user's own reset and verification tokens, by the id the token names; no company route reads them (credential-lifetimes.test.ts: reset links)",
  "server/domains/accounts/account-token-repo.ts#tokensIssuedSince: .where('user_id', '=', userId)":
    "a user's own reset and verification tokens, by the id the token names; no company route reads them (credential-lifetimes.test.ts: reset links)",
  'server/domains/accounts/credentials.ts#credentialStillOpens: return sameCompany(holder.companyId, companyId);':
    "a live stream's recheck of its membership: credential-lifetimes.test.ts ('live stream … after removal from the company'), through the events.company mutation of CREDENTIAL_GUARD_MUTATIONS",
  'server/domains/accounts/membership-repo.ts#isAdminOf: const row = await companyRows(db, companyId)':
    "isAdminOf: a second lock behind a check the matrix's intruder meets first, itself mutated in guard-mutations.ts (sameCompany in updateCompany and mayChange, adminCompanyOf in team)",
  "server/domains/accounts/membership-repo.ts#isAdminOf: .where('user_id', '=', userId)":
    "isAdminOf's user: a second lock behind a check the matrix's intruder meets first, itself mutated in guard-mutations.ts",
  "server/domains/accounts/membership-repo.ts#removeAdminEntriesOf: let query = db.deleteFrom('company_admins').where('user_id', '=', userId);":
    "a platform admin's removal of a user from every company's admin list (users.unassignCompany, admin only)",
  "server/domains/accounts/session-repo.ts#deleteOtherSessionsOfUser: let query = db.deleteFrom('sessions').where('user_id', '=', userId);":
    "ends a user's own sessions: credential-lifetimes.test.ts tries each session after the event",
  "server/domains/api-tokens/repo.ts#listApiTokensOfUser: .where('user_id', '=', userId)":
    "lists the caller's own tokens (apiTokens.list answers the intruder's own, checked by the api-tokens tests); the revoke filter is mutated in guard-mutations.ts",
  "server/domains/api-tokens/repo.ts#deleteAllApiTokensOfUser: const result = await db.deleteFrom('api_tokens').where('user_id', '=', userId).executeTakeFirst();":
    'revokes every token of a user whose credentials end (credential-lifetimes.test.ts: API token after reset or removal)',
  "server/domains/companies/repo.ts#findWithAdmins: const admins = await companyRows(db, companyId).selectFrom('company_admins').select('user_id').execute();":
    "findWithAdmins: a second lock behind a check the matrix's intruder meets first, itself mutated in guard-mutations.ts (getCompany's seesCompany)",
  'server/domains/companies/repo.ts#countVideos: const row = await companyRows(db, companyId)':
    "countVideos: a platform admin's deletion of a company counts its videos (companies.delete, admin only)",
  "server/domains/companies/rest.ts#companyRoutes: if (caller?.role === 'Admin') {":
    "chooses how a company is created (by an admin, or at signup as the creator's own): it reads no company's data",
  'server/domains/companies/service.ts#updateCompany: throw sameCompany(actor.companyId, companyId)':
    'chooses the answer (forbidden or not found) for a caller the condition above (mutated) already refused',
  'server/domains/messages/repo.ts#deleteMessage: return companyRows(db, EVERY_COMPANY)':
    "an admin's deletion of any company's message (requireAdmin, mutated in guard-mutations.ts): no company filter is meant",
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
    "a second lock behind a check the matrix's intruder meets first, itself mutated in guard-mutations.ts (isAdminOf of the victim's company is false for the intruder too; sameCompany itself is mutated)",
  'server/domains/retention/service.ts#setRetention: throw sameCompany(user.companyId, companyId)':
    'chooses the answer (forbidden or not found) for a caller mayChange (mutated) already refused',
  'server/domains/team/repo.ts#openInvitationFor: return companyRows(db, companyId)':
    "openInvitationFor: stops a second invitation of one address within the company; team.invite's answer for the victim's address is decided by the address being a user's",
  "server/domains/team/repo.ts#removeAdmin: return companyRows(db, companyId).deleteFrom('company_admins').where('user_id', '=', userId).execute();":
    "removeAdmin: runs after leaveCompany or setMemberAdmin's check (both mutated) found the member in the company",
  'server/domains/uploads/resumable-repo.ts#findPendingSrt: const row = await companyRows(db, companyId)':
    "findPendingSrt: a second lock behind a check the matrix's intruder meets first, itself mutated in guard-mutations.ts (isCompanyUpload at every resumable route)",
  'server/domains/uploads/resumable-repo.ts#findFinishedUpload: return companyRows(db, companyId)':
    "findFinishedUpload: a second lock behind a check the matrix's intruder meets first, itself mutated in guard-mutations.ts (isCompanyUpload at every resumable route)",
  'server/domains/users/service.ts#joinOwnCompany: if (sameCompany(me.companyId, companyId)) return;':
    "joinOwnCompany's no-op for the company the user is in already: it grants nothing",
  'server/domains/users/service.ts#stillMemberOf: return sameCompany(profile?.companyId, holder.companyId);':
    "stillMemberOf: credential-lifetimes.test.ts ('signed download link after removal from the company'), through the sendSignedDownload mutation of CREDENTIAL_GUARD_MUTATIONS",
};
