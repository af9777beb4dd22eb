import { describe, expect, it } from 'vitest';
import { companyQuerySites, companyTables, readSource } from '../test/support/guard-sites';

/**
 * Company data is read and written through one door, server/access (companyRows): a query of a
 * company-owned table (one with a company_id column, from server/db/schema.ts) or of a table reached
 * through a video (video_id) starts there, already filtered to the company. The paths below act for
 * no company or for every one, or on a row whose company a service checked first: each listed by
 * file, or by `file#function`, under its reason. Keep it short; a new query of company data does not
 * belong here but on companyRows.
 */
const ALLOWED: Record<string, string[]> = {
  'a worker job acting on its own job’s video id (the upload that queued it was the company’s)': [
    'server/domains/burn-in/repo.ts',
    'server/domains/generation/repo.ts',
    'server/domains/languages/job-repo.ts',
    'server/domains/videos/repo.ts#markFailed',
    'server/domains/videos/repo.ts#processingState',
    'server/domains/videos/repo.ts#findForBurnIn',
    'server/domains/videos/repo.ts#findCharge',
    'server/domains/shot-changes/repo.ts#findForDetection',
    'server/domains/notices/repo.ts#videoForNotice',
    'server/domains/notices/repo.ts#messageForNotice',
  ],
  'the system, for every company: retention sweeps, backups, clean-up of old upload rows': [
    'server/backup/repo.ts',
    'server/domains/retention/repo.ts#findExpiredVideos',
    'server/domains/retention/repo.ts#findVideosToWarn',
    'server/domains/retention/repo.ts#markWarned',
    'server/domains/uploads/resumable-repo.ts#deleteOldResumableRows',
  ],
  'admin screens (adminProcedure / requireAdmin): failed videos, refunds, the showcase, membership': [
    'server/domains/showcase/repo.ts',
    'server/domains/videos/repo.ts#findRetryState',
    'server/domains/videos/repo.ts#listFailedForAdmin',
    'server/domains/videos/repo.ts#resetForRetry',
    'server/domains/videos/repo.ts#findRefund',
    'server/domains/accounts/membership-repo.ts#removeAdminEntriesOf',
  ],
  'a user’s own account row, by the id of the signed-in user or of a token it holds (accounts own users)': [
    'server/domains/accounts/users-repo.ts',
    'server/domains/accounts/account-token-repo.ts',
    'server/domains/messages/repo.ts#countsForUser',
    'server/domains/messages/repo.ts#markAllSeen',
    'server/domains/notices/repo.ts#userIfWanted',
    'server/domains/notices/repo.ts#preferencesOf',
    'server/domains/notices/repo.ts#setPreferences',
    'server/domains/team/repo.ts#markInvitationMailFailed',
    'server/domains/team/repo.ts#usableInvitation',
    'server/domains/team/repo.ts#markAccepted',
  ],
  'a row whose company the calling service checked first (the video locked, found or held as the company’s; a purchase compared with sameCompany)':
    [
      'server/domains/videos/repo.ts#compliance',
      'server/domains/videos/repo.ts#readingNotes',
      'server/domains/videos/repo.ts#latestSubtitle',
      'server/domains/videos/repo.ts#startRevision',
      'server/domains/videos/repo.ts#countRevision',
      'server/domains/videos/repo.ts#markDeleted',
      'server/domains/languages/repo.ts#startBurn',
      'server/domains/videos/repo.ts#languagesOfVideos',
      'server/domains/editor/repo.ts#listVersions',
      'server/domains/editor/repo.ts#findVersion',
      'server/domains/editor/repo.ts#findDraft',
      'server/domains/editor/repo.ts#lockDraft',
      'server/domains/editor/repo.ts#updateDraft',
      'server/domains/editor/repo.ts#deleteDraft',
      'server/domains/uploads/resumable-repo.ts#deletePendingSrt',
      'server/domains/ledger/repo.ts#findPurchaseByReference',
    ],
  'a review link’s own row, by the SHA-256 of the token its holder presents (what follows reads its video through companyRows of its company)':
    ['server/domains/comments/repo.ts#findReviewGrant'],
  'the video a live review link names (reviewGrant found it with its company), held and counted for its cap of comments through review links':
    [
      'server/domains/comments/repo.ts#holdVideoForGuestComment',
      'server/domains/comments/repo.ts#countGuestComments',
    ],
  'an update kept to the company by a subquery of its videos started from companyRows, which the scan does not follow':
    [
      'server/domains/comments/repo.ts#resolveOpenComment',
      'server/domains/comments/repo.ts#removeOwnComment',
      'server/domains/comments/repo.ts#withdrawLiveReviewLink',
    ],
};

const allowed = new Set(Object.values(ALLOWED).flat());
const isAllowed = (site: { file: string; site: string }) => allowed.has(site.file) || allowed.has(site.site);

describe('company data goes through the access module', () => {
  it('knows the company tables from the schema', () => {
    const { owned, throughVideo } = companyTables();
    expect(owned).toEqual(
      expect.arrayContaining(['videos', 'glossary_terms', 'company_invitations', 'credit_ledger']),
    );
    expect(throughVideo).toEqual(
      expect.arrayContaining(['subtitle_versions', 'subtitle_drafts', 'burn_ins']),
    );
  });

  it('finds no query of a company table outside companyRows, apart from the allowed paths', () => {
    const sites = companyQuerySites();
    expect(sites.filter((site) => site.throughAccess).length).toBeGreaterThan(30);
    const offending = sites
      .filter((site) => !site.throughAccess && !isAllowed(site))
      .map((site) => `${site.file}:${site.line} (${site.site.split('#')[1]}) queries ${site.table}`);
    expect(offending, 'start these queries from companyRows(db, companyId) (server/access/repo.ts)').toEqual(
      [],
    );
  });

  it('allows only paths that exist and still query a company table', () => {
    const sites = companyQuerySites().filter((site) => !site.throughAccess);
    const stale = [...allowed].filter((key) => !sites.some((site) => site.file === key || site.site === key));
    expect(stale, 'take these off the allowed list').toEqual([]);
  });

  it('recognises a query started from companyRows and one that is not', () => {
    expect(readSource('server/access/repo.ts')).toContain('export function companyRows(');
    const [glossary] = companyQuerySites(['server/domains/glossary/repo.ts']);
    expect(glossary).toMatchObject({
      table: 'glossary_terms',
      throughAccess: true,
      site: 'server/domains/glossary/repo.ts#listTerms',
    });
    const processing = companyQuerySites(['server/domains/videos/repo.ts']).find((site) =>
      site.site.endsWith('#processingState'),
    );
    expect(processing).toMatchObject({ table: 'videos', throughAccess: false });
  });
});
