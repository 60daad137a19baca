/** One step of the hub's schema: plain SQL, applied once, in order, inside the migration transaction. */
export interface HubMigration {
  version: number;
  name: string;
  sql: string;
}
