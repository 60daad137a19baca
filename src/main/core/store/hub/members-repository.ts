/** The hub's members table: who is connected, and when each desk was last heard from. */
import type { HubQueryable } from './hub-db';

export interface HubMember {
  deskId: string;
  name: string;
  appVersion: string;
  connectedAt: string;
  lastSeenAt: string;
  disconnectedAt: string | null;
}

interface MemberRow {
  desk_id: string;
  name: string;
  app_version: string;
  connected_at: Date;
  last_seen_at: Date;
  disconnected_at: Date | null;
}

const toMember = (row: MemberRow): HubMember => ({
  deskId: row.desk_id,
  name: row.name,
  appVersion: row.app_version,
  connectedAt: row.connected_at.toISOString(),
  lastSeenAt: row.last_seen_at.toISOString(),
  disconnectedAt: row.disconnected_at ? row.disconnected_at.toISOString() : null,
});

export function createMembersRepository(db: HubQueryable) {
  return {
    /** Registers this desk, or renews it (a reconnect, a rename). */
    async upsert(member: { deskId: string; name: string; appVersion: string }): Promise<void> {
      await db.rows(
        `INSERT INTO members (desk_id, name, app_version) VALUES ($1, $2, $3)
         ON CONFLICT (desk_id) DO UPDATE SET name = EXCLUDED.name, app_version = EXCLUDED.app_version,
           connected_at = now(), last_seen_at = now(), disconnected_at = NULL`,
        [member.deskId, member.name, member.appVersion],
      );
    },
    async touch(deskId: string): Promise<void> {
      await db.rows('UPDATE members SET last_seen_at = now() WHERE desk_id = $1', [deskId]);
    },
    async markDisconnected(deskId: string): Promise<void> {
      await db.rows('UPDATE members SET disconnected_at = now() WHERE desk_id = $1', [deskId]);
    },
    async list(): Promise<HubMember[]> {
      return (await db.rows<MemberRow>('SELECT * FROM members ORDER BY name, desk_id')).map(toMember);
    },
  };
}
