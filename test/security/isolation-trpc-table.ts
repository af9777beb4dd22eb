import { customFromPreset } from '../../shared/subtitles/subtitle-style';
import {
  answered,
  type OwnCompanyAttempt,
  type ProcedureAttempt,
  type RouteTableContext,
  refused,
} from './isolation-answers';
import { VICTIM_CHECKOUT, VICTIM_COMMON_TERM } from './isolation-seed';

/** A procedure whose credential is a review link: a guessed one opens nothing, signed in or not. */
function guessedReviewLink(input: Record<string, unknown> = {}): ProcedureAttempt {
  return {
    access: 'public',
    input: { token: 'guessed-token', ...input },
    anonymous: refused(404),
    otherCompany: refused(404),
  };
}

/** How to attack each tRPC procedure, and what it must answer (tRPC's `result.data` for a success). */
export function procedureAttempts({
  victim,
  ids,
  intruder,
  own,
}: RouteTableContext): Record<string, ProcedureAttempt> {
  return {
    'health.check': { access: 'public', anonymous: answered(), otherCompany: answered() },
    'health.engines': { access: 'admin' },
    'dashboard.overview': { access: 'admin', input: { days: 30 } },
    'auth.signup': {
      access: 'public',
      input: {
        username: 'x',
        email: victim.email,
        password: 'Secret-pass1!',
        passwordRetype: 'Secret-pass1!',
        terms: true,
        existingCompany: true,
        suggestion: 'x',
      },
      anonymous: refused(409),
      otherCompany: refused(409),
    },
    'auth.login': {
      access: 'public',
      input: { email: victim.email, password: 'Wrong-pass1!' },
      anonymous: refused(401),
      otherCompany: refused(401),
    },
    'auth.logout': { access: 'user', otherCompany: answered({ ok: true }) },
    'auth.me': { access: 'user', otherCompany: answered({ id: intruder.id, company: { id: own } }) },
    'auth.updateProfile': { access: 'user', input: { username: 'renamed' }, otherCompany: answered() },
    // The intruder's own tokens only; the victim's name or id in the answer is caught as a trace.
    'apiTokens.list': { access: 'user', otherCompany: answered() },
    'apiTokens.create': {
      access: 'user',
      input: { name: 'intruder token', expiresInDays: 1 },
      otherCompany: answered({ name: 'intruder token' }),
    },
    'apiTokens.revoke': { access: 'user', input: { id: ids.apiToken }, otherCompany: refused(404) },
    'retention.get': { access: 'user', input: { companyId: ids.company }, otherCompany: refused(404) },
    'retention.set': {
      access: 'user',
      input: { companyId: ids.company, days: 1 },
      otherCompany: refused(404),
    },
    'auth.mailStatus': { access: 'public', anonymous: answered(), otherCompany: answered() },
    // Asking for the victim's reset link answers exactly what any address gets, and holds no link.
    'auth.requestPasswordReset': {
      access: 'public',
      input: { email: victim.email },
      anonymous: answered({ mailConfigured: false }),
      otherCompany: answered({ mailConfigured: false }),
    },
    'auth.passwordResetLinkValid': {
      access: 'public',
      input: { token: 'guessed-token' },
      anonymous: answered({ valid: false }),
      otherCompany: answered({ valid: false }),
    },
    'auth.verifyEmail': {
      access: 'public',
      input: { token: 'guessed-token' },
      anonymous: refused(400),
      otherCompany: refused(400),
    },
    // Sends the caller's own confirmation, never the victim's.
    'auth.resendVerification': { access: 'user', otherCompany: answered({ sent: true }) },
    'auth.resetPassword': {
      access: 'public',
      input: { token: 'guessed-token', password: 'Pwned-pass1!', passwordRetype: 'Pwned-pass1!' },
      anonymous: refused(400),
      otherCompany: refused(400),
    },
    'users.list': { access: 'admin', input: {} },
    // The intruder admins their own company: they see and change only it.
    'team.overview': {
      access: 'user',
      otherCompany: answered({ members: [{ id: intruder.id, admin: true, you: true }], invitations: [] }),
    },
    'team.invite': { access: 'user', input: { email: victim.email }, otherCompany: refused(409) },
    'team.revokeInvitation': {
      access: 'user',
      input: { invitationId: ids.invitation },
      otherCompany: refused(404),
    },
    'team.removeMember': { access: 'user', input: { userId: ids.user }, otherCompany: refused(404) },
    'team.setAdmin': { access: 'user', input: { userId: ids.user, admin: true }, otherCompany: refused(404) },
    'team.invitation': {
      access: 'public',
      input: { token: 'guessed-token' },
      anonymous: answered({ valid: false }),
      otherCompany: answered({ valid: false }),
    },
    'team.acceptInvitation': {
      access: 'public',
      input: {
        token: 'guessed-token',
        username: 'x',
        password: 'Pwned-pass1!',
        passwordRetype: 'Pwned-pass1!',
        terms: true,
      },
      anonymous: refused(400),
      otherCompany: refused(400),
    },
    // The caller's own switches and own company's threshold: the victim's stay as they were.
    'notices.preferences': {
      access: 'user',
      otherCompany: answered({ videoOutcome: true, isCompanyAdmin: true }),
    },
    'notices.update': {
      access: 'user',
      input: { messages: false },
      otherCompany: answered({ messages: false }),
    },
    'notices.setLowCreditThreshold': {
      access: 'user',
      input: { euros: 1 },
      otherCompany: answered({ lowCreditThresholdCents: 100 }),
    },
    'users.withoutCompany': { access: 'admin' },
    'users.assignCompany': {
      access: 'admin',
      input: { userId: ids.user, companyId: ids.company, transfer: true },
    },
    'users.resetPassword': { access: 'admin', input: { userId: ids.user, password: 'Pwned-pass1!' } },
    'users.setPrivateCredits': { access: 'admin', input: { userId: ids.user, credits: 1 } },
    'users.delete': { access: 'admin', input: { userId: ids.user } },
    'companies.list': { access: 'admin', input: {} },
    'companies.all': { access: 'admin' },
    'companies.get': { access: 'user', input: { id: ids.company }, otherCompany: refused(404) },
    'companies.my': { access: 'user', otherCompany: answered({ id: own }) },
    'companies.create': { access: 'admin', input: { name: 'x', address: 'y', credits: 5 } },
    'companies.update': {
      access: 'user',
      input: { id: ids.company, name: 'pwned', address: 'x', credits: 9999 },
      otherCompany: refused(404),
    },
    'companies.delete': { access: 'admin', input: { id: ids.company } },
    'companies.adjustCredits': { access: 'admin', input: { id: ids.company, euros: 5, reason: 'Stolen' } },
    'companies.ledger': { access: 'user', input: { id: ids.company }, otherCompany: refused(404) },
    'glossary.list': { access: 'user', input: { companyId: ids.company }, otherCompany: refused(404) },
    'glossary.save': {
      access: 'user',
      input: { companyId: ids.company, id: ids.glossaryTerm, term: 'Stolen', keepAsWritten: true },
      otherCompany: refused(404),
    },
    'glossary.remove': {
      access: 'user',
      input: { companyId: ids.company, id: ids.glossaryTerm },
      otherCompany: refused(404),
    },
    'glossary.exportCsv': { access: 'user', input: { companyId: ids.company }, otherCompany: refused(404) },
    'glossary.importCsv': {
      access: 'user',
      input: { companyId: ids.company, csv: 'term\nStolen\n', replace: true },
      otherCompany: refused(404),
    },
    'audit.list': { access: 'admin', input: {} },
    'billing.prices': { access: 'public', anonymous: answered(), otherCompany: answered() },
    'billing.updatePrice': { access: 'admin', input: { product: 'price_per_minute', euros: 0 } },
    'billing.paymentsEnabled': {
      access: 'public',
      anonymous: answered({ enabled: false }),
      otherCompany: answered({ enabled: false }),
    },
    'billing.checkout': { access: 'user', input: { quantity: 5 }, otherCompany: refused(503) },
    'billing.checkoutStatus': {
      access: 'user',
      input: { sessionId: VICTIM_CHECKOUT },
      otherCompany: refused(404),
    },
    'billing.conversions': { access: 'admin' },
    'billing.conversion': { access: 'admin', input: { id: 1 } },
    'billing.updateConversion': { access: 'admin', input: { id: 1, name: 'x', currency: 'XXX', rate: 9 } },
    'content.page': {
      access: 'public',
      input: { page: 'home' },
      anonymous: answered(),
      otherCompany: answered(),
    },
    'content.list': { access: 'admin' },
    'content.get': { access: 'admin', input: { id: 1 } },
    'content.update': { access: 'admin', input: { id: 1, title: 'x', html: '<p>x</p>' } },
    'content.toReview': { access: 'admin' },
    'siteLinks.list': { access: 'public', anonymous: answered(), otherCompany: answered() },
    'siteLinks.saved': { access: 'admin' },
    'siteLinks.update': { access: 'admin', input: { community: 'https://pwned.test' } },
    'showcase.list': { access: 'public', anonymous: answered(), otherCompany: answered() },
    'showcase.candidates': { access: 'admin' },
    'showcase.publish': {
      access: 'admin',
      input: { videoId: ids.video, placement: 'carousel', title: 'pwned', ownerConsent: true },
    },
    'showcase.unpublish': { access: 'admin', input: { id: 1 } },
    'messages.list': {
      access: 'user',
      input: { page: 1, pageSize: 5, allCompanies: true },
      otherCompany: answered({ messages: [], total: 0 }),
    },
    'messages.get': { access: 'user', input: { id: ids.message }, otherCompany: refused(404) },
    'messages.create': { access: 'admin', input: { title: 't', message: 'm', company: ids.company } },
    'messages.delete': { access: 'admin', input: { id: ids.message } },
    'messages.unread': { access: 'user', otherCompany: answered({ count: 0, seen: 0, unread: false }) },
    'messages.markSeen': { access: 'user', otherCompany: answered() },
    'videos.capabilities': { access: 'public', anonymous: answered(), otherCompany: answered() },
    'videos.speech': { access: 'public', anonymous: answered(), otherCompany: answered() },
    'videos.list': { access: 'user', input: {}, otherCompany: answered({ videos: [], total: 0 }) },
    'videos.get': { access: 'user', input: { id: ids.video }, otherCompany: refused(404) },
    'videos.count': { access: 'user', otherCompany: answered(0) },
    'videos.subtitles': { access: 'user', input: { id: ids.video }, otherCompany: refused(404) },
    // With the victim's burned French (issue 40); the REST download path asks for the own burned video.
    'videos.downloadUrl': {
      access: 'user',
      input: { id: ids.video, language: 'fr' },
      otherCompany: refused(404),
    },
    'videos.export': {
      access: 'user',
      input: { id: ids.video, format: 'vtt' },
      otherCompany: refused(404),
    },
    'videos.softSubtitles': {
      access: 'user',
      input: { id: ids.video, format: 'mp4' },
      otherCompany: refused(404),
    },
    // The languages of a video (issue 40).
    'videos.languages': { access: 'user', input: { id: ids.video }, otherCompany: refused(404) },
    'videos.addLanguage': {
      access: 'user',
      input: { id: ids.video, language: 'de' },
      otherCompany: refused(404),
    },
    'videos.burnLanguage': {
      access: 'user',
      input: { id: ids.video, language: 'fr' },
      otherCompany: refused(404),
    },
    'videos.subtitlesZip': { access: 'user', input: { id: ids.video }, otherCompany: refused(404) },
    'videos.delete': { access: 'user', input: { id: ids.video }, otherCompany: refused(404) },
    'videos.cancel': { access: 'user', input: { id: ids.video }, otherCompany: refused(404) },
    'videos.refund': { access: 'admin', input: { id: ids.video } },
    'videos.failed': { access: 'admin' },
    'videos.retry': { access: 'admin', input: { id: ids.video } },
    'editor.open': { access: 'user', input: { id: ids.video }, otherCompany: refused(404) },
    'editor.peaks': { access: 'user', input: { id: ids.video }, otherCompany: refused(404) },
    'editor.preview': { access: 'user', input: { id: ids.video }, otherCompany: refused(404) },
    'editor.version': {
      access: 'user',
      input: { id: ids.video, versionId: ids.version },
      otherCompany: refused(404),
    },
    'editor.saveDraft': {
      access: 'user',
      input: { id: ids.video, cues: [{ startMs: 0, endMs: 1000, text: 'pwned' }], revision: 1 },
      otherCompany: refused(404),
    },
    'editor.discardDraft': { access: 'user', input: { id: ids.video }, otherCompany: refused(404) },
    'shotChanges.ofVideo': { access: 'user', input: { id: ids.video }, otherCompany: refused(404) },
    'editor.saveAndBurnIn': {
      access: 'user',
      input: { id: ids.video, revision: 1 },
      otherCompany: refused(404),
    },
    'comments.list': { access: 'user', input: { videoId: ids.video }, otherCompany: refused(404) },
    'comments.add': {
      access: 'user',
      input: { videoId: ids.video, cueId: 'c1', startMs: 0, endMs: 1000, body: 'pwned' },
      otherCompany: refused(404),
    },
    'comments.resolve': { access: 'user', input: { id: ids.comment }, otherCompany: refused(404) },
    'comments.remove': { access: 'user', input: { id: ids.comment }, otherCompany: refused(404) },
    'comments.createReviewLink': {
      access: 'user',
      input: { videoId: ids.video },
      otherCompany: refused(404),
    },
    'comments.reviewLinks': { access: 'user', input: { videoId: ids.video }, otherCompany: refused(404) },
    'comments.withdrawReviewLink': {
      access: 'user',
      input: { id: ids.reviewLink },
      otherCompany: refused(404),
    },
    'review.open': guessedReviewLink(),
    'review.comments': guessedReviewLink(),
    'review.addComment': guessedReviewLink({
      cueId: 'c1',
      startMs: 0,
      endMs: 1000,
      body: 'pwned',
      name: 'x',
    }),
    'editor.reburnQuote': {
      access: 'user',
      input: { id: ids.video, revision: 1 },
      otherCompany: refused(404),
    },
    'editor.buyReburn': {
      access: 'user',
      input: { id: ids.video, revision: 1, priceCents: 0 },
      otherCompany: refused(404),
    },
    'subtitleStyles.companyDefault': {
      access: 'user',
      input: { companyId: ids.company },
      otherCompany: refused(404),
    },
    // Any user of the company may set it (issue 22); another company's user finds no such company.
    'subtitleStyles.setCompanyDefault': {
      access: 'user',
      input: { companyId: ids.company, style: 'large' },
      otherCompany: refused(404),
    },
    'subtitleStyles.restyleVideo': {
      access: 'user',
      input: { id: ids.video, style: 'large' },
      otherCompany: refused(404),
    },
    'subtitleStyles.setCompanyCustom': {
      access: 'user',
      input: { companyId: ids.company, settings: customFromPreset('yellow') },
      otherCompany: refused(404),
    },
    // A picture of settings the caller sends: nothing of any company is read.
    'subtitleStyles.preview': { access: 'user', input: { style: 'boxed' }, otherCompany: answered() },
    // A subscription streams until closed: attacked over SSE by attackEventStream (isolation-stream.ts).
    'events.company': { access: 'user', otherCompany: answered() },
  };
}

/**
 * Calls that name the intruder's own company, so the service's company check lets them through, with
 * the victim's row ids or spellings: only the repository's company filter stands between these and
 * the victim's rows. Each is keyed by a name of its own and calls the tRPC procedure it names.
 */
export function ownCompanyAttempts({ ids, own }: RouteTableContext): Record<string, OwnCompanyAttempt> {
  return {
    "glossary.list of the intruder's own company": {
      procedure: 'glossary.list',
      access: 'user',
      input: { companyId: own },
      otherCompany: answered(),
    },
    "glossary.save of the victim's term id into the intruder's own company": {
      procedure: 'glossary.save',
      access: 'user',
      input: { companyId: own, id: ids.glossaryTerm, term: 'Stolen', keepAsWritten: true },
      otherCompany: refused(404),
    },
    // The victim's glossary is full and holds this spelling: neither may refuse the intruder's own term.
    "glossary.save of a term the victim's full glossary also holds": {
      procedure: 'glossary.save',
      access: 'user',
      input: { companyId: own, term: VICTIM_COMMON_TERM, keepAsWritten: true },
      otherCompany: answered(),
    },
    "glossary.remove of the victim's term id from the intruder's own company": {
      procedure: 'glossary.remove',
      access: 'user',
      input: { companyId: own, id: ids.glossaryTerm },
      otherCompany: refused(404),
    },
    "glossary.importCsv replacing the intruder's own glossary": {
      procedure: 'glossary.importCsv',
      access: 'user',
      input: { companyId: own, csv: 'term\nOwnTerm\n', replace: true },
      otherCompany: answered({ imported: 1 }),
    },
    "companies.ledger of the intruder's own company": {
      procedure: 'companies.ledger',
      access: 'user',
      input: { id: own },
      otherCompany: answered(),
    },
  };
}
