/**
 * A piece of team behaviour (sync, the shared quota and answers) as the team runtime
 * (team/runtime.ts) composes it: it hears of each session, may have its say before the queue
 * sends, and fills its part of the status.
 */
import type { TeamStatus } from '../../../shared/team';
import type { TeamQueueHooks } from '../queue/team-hooks';
import type { HubSession } from './session';

export interface TeamPart {
  readonly name: string;
  /** A session began (connect, reconnect) or ended (null: offline or disconnected). Must not throw. */
  onSession?(session: HubSession | null): void;
  /**
   * Asked before each request, in the order parts were added; the first that does not answer
   * `send` decides. While offline the part decides alone (the fallback share).
   */
  queueHooks?: TeamQueueHooks;
  /** Its piece of `team.status`. */
  status?(): Partial<Pick<TeamStatus, 'sync' | 'budget' | 'token' | 'members'>>;
  /** `team sync`: push and pull once; resolves when both are done. */
  syncOnce?(): Promise<void>;
  close?(): Promise<void>;
}
