/** The team hub's data layer: the connection, its migrations and its repositories. */
export { describeHubFailure, hubError, openHubDB, type HubConnectionConfig, type HubDB, type HubQueryable } from './hub-db';
export { migrateHub, type HubMigrationResult } from './hub-migrate';
export { createMembersRepository, type HubMember } from './members-repository';
export { createAnswersRepository, sha256Hex, type HubAnswer, type PulledAnswer } from './answers-repository';
export { appendInOrder, createChangesRepository, type ChangeToPush, type PulledChange } from './changes-repository';
export { createSyncAnswersRepository } from './sync-answers-repository';
