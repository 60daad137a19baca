/**
 * What the team parts (sync, the shared quota, one request for the same question) need of a
 * connected hub. The connection itself (URL, keychain password, reconnecting) is team/connection's.
 */
import type { HubDB } from '../store/hub';

export interface HubSession {
  readonly db: HubDB;
  /** This desk's id on the hub (a UUID kept in its settings). */
  readonly deskId: string;
  /** The member's name, shown to colleagues beside what this desk adds. */
  readonly memberName: string;
  /** Which hub this is (hub migration 5): sync starts afresh when it is not the one it synced with. */
  readonly hubId: string;
}

/** The current session, or null while the desk is not connected (offline, or never connected). */
export type SessionSource = () => HubSession | null;
