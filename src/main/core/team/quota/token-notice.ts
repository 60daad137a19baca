/** The sentence a desk shows when a colleague's desk found the team's token refused. */
import type { TeamTokenNotice } from '../../../../shared/team';

/** "The team's token changed at 14:02 UTC, seen by Ana's desk. …" (the time in UTC, as the queue's sentences give it). */
export function tokenNoticeMessage(notice: TeamTokenNotice): string {
  const time = new Date(notice.changedAt).toISOString().slice(11, 16);
  return `The team’s token changed at ${time} UTC, seen by ${notice.seenBy}’s desk. Paste the new token in Settings; the queue resumes where it stopped.`;
}
