/** The team hub's data layer: the connection, its migrations and its repositories. */
export { describeHubFailure, hubError, openHubDB, type HubConnectionConfig, type HubDB, type HubQueryable } from './hub-db';
export { migrateHub, type HubMigrationResult } from './hub-migrate';
export { createMembersRepository, type HubMember } from './members-repository';
export { readHubId } from './identity-repository';
export { createAnswersRepository, sha256Hex, type HubAnswer, type PulledAnswer } from './answers-repository';
export { appendInOrder, createChangesRepository, type ChangeToPush, type PulledChange } from './changes-repository';
export { createSyncAnswersRepository } from './sync-answers-repository';
export { createCustodyEntriesRepository, type PulledCustodyEntry } from './custody-entries-repository';
export {
  createQuotaRepository,
  type AskToSend,
  type GrantFacts,
  type GrantInWindow,
  type GrantVerdict,
  type HubBudgetCounts,
  type MemberDemand,
  type QuotaRepository,
  type SendAnswer,
} from './quota-repository';
export { createRequestsRepository, questionKey, type RequestsRepository } from './requests-repository';
export { createTokenEventsRepository, TOKEN_CHANNEL, type TokenEvent } from './token-events-repository';
export {
  createWatchEntriesRepository,
  type DueSlot,
  type PulledWatchEntry,
  type RevisitedWatchEntry,
  type SlotVerdict,
} from './watch-entries-repository';
