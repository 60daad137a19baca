/** The team part "quota": one quota for the team, one request for the same question, the team's token notice. */
export { createTeamQuota, type QuotaTuning, type TeamQuotaDeps, type TeamQuotaPart, type TeamQuotaSettings } from './quota-part';
export { tokenNoticeMessage } from './token-notice';
export { decideGrant } from './grant-rules';
