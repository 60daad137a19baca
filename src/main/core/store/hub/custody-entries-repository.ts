/** The hub's copy of every desk's custody entries (hub migration 6), pushed by each desk, pulled by the others in `seq` order. */
import { createDeskLog, type PulledDeskEntry } from './desk-log';
import type { HubQueryable } from './hub-db';

export type PulledCustodyEntry = PulledDeskEntry;

export const createCustodyEntriesRepository = (db: HubQueryable) => createDeskLog(db, 'custody_entries');
