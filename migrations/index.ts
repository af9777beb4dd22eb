import type { Migration } from 'kysely';
import * as initial from './0001_initial';
import * as loginFailures from './0002_login_failures';
import * as workerHeartbeats from './0003_worker_heartbeats';
import * as lastSeenMessage from './0004_last_seen_message';
import * as companyVideoCount from './0005_company_video_count';
import * as failureCause from './0006_failure_cause';
import * as videoSearchText from './0007_video_search_text';
import * as siteLinks from './0008_site_links';
import * as contentReview from './0009_content_review';
import * as showcase from './0010_showcase';
import * as subtitleDrafts from './0011_subtitle_drafts';
import * as subtitleStyles from './0012_subtitle_styles';
import * as accountsMail from './0013_accounts_mail';
import * as tokensAndTombstones from './0014_tokens_and_tombstones';
import * as glossary from './0015_glossary';
import * as retentionWarning from './0016_retention_warning';
import * as jobRuns from './0017_job_runs';
import * as resumableUploads from './0018_resumable_uploads';
import * as burnIns from './0019_burn_ins';
import * as audioOnly from './0020_audio_only';
import * as customStyles from './0022_custom_styles';
import * as dashboardAudioMinutes from './0025_dashboard_audio_minutes';
import * as actionBudgets from './0026_action_budgets';
import * as pendingSubtitleNotes from './0027_pending_subtitle_notes';
import * as reburnPrice from './0028_reburn_price';
import * as cueComments from './0029_cue_comments';
import * as shotChanges from './0030_shot_changes';
import * as mailFailures from './0031_mail_failures';
import * as videoLanguages from './0032_video_languages';
import * as reviewLinkPermissions from './0033_review_link_permissions';
import * as reviewLinkWithdrawal from './0034_review_link_withdrawal';
import * as languageBurnFailureReason from './0035_language_burn_failure_reason';

/** Forward-only and numbered; a landed migration is never edited. */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_login_failures': loginFailures,
  '0003_worker_heartbeats': workerHeartbeats,
  '0004_last_seen_message': lastSeenMessage,
  '0005_company_video_count': companyVideoCount,
  '0006_failure_cause': failureCause,
  '0007_video_search_text': videoSearchText,
  '0008_site_links': siteLinks,
  '0009_content_review': contentReview,
  '0010_showcase': showcase,
  '0011_subtitle_drafts': subtitleDrafts,
  '0012_subtitle_styles': subtitleStyles,
  '0013_accounts_mail': accountsMail,
  '0014_tokens_and_tombstones': tokensAndTombstones,
  '0015_glossary': glossary,
  '0016_retention_warning': retentionWarning,
  '0017_job_runs': jobRuns,
  '0018_resumable_uploads': resumableUploads,
  '0019_burn_ins': burnIns,
  '0020_audio_only': audioOnly,
  '0022_custom_styles': customStyles,
  '0025_dashboard_audio_minutes': dashboardAudioMinutes,
  '0026_action_budgets': actionBudgets,
  '0027_pending_subtitle_notes': pendingSubtitleNotes,
  '0028_reburn_price': reburnPrice,
  '0029_cue_comments': cueComments,
  '0030_shot_changes': shotChanges,
  '0031_mail_failures': mailFailures,
  '0032_video_languages': videoLanguages,
  '0033_review_link_permissions': reviewLinkPermissions,
  '0034_review_link_withdrawal': reviewLinkWithdrawal,
  '0035_language_burn_failure_reason': languageBurnFailureReason,
};
