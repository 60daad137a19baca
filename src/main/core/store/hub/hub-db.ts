/**
 * The team hub's database: a PostgreSQL server the team runs. This is the only module that talks
 * to it through `pg`; the hub's repositories (beside it) hold every statement, as the local
 * library's do.
 *
 * Connection failures become coded errors a user can act on (HUB_UNREACHABLE: the desk works on
 * alone; HUB_REFUSED: the password, a privilege or the certificate is wrong). No message carries
 * the password: pg never puts it in one, and `describeHubFailure` keeps only the first line.
 */
import type { Client, ClientConfig, Pool, PoolClient, QueryResultRow } from 'pg';
import type * as ConnectionStrings from 'pg-connection-string';
import { GleanerError } from '../../../../shared/errors';

export interface HubConnectionConfig {
  /** `postgres://user@host:port/database?sslmode=…`, never with a password in it. */
  url: string;
  /** From the OS keychain, only ever handed to pg. */
  password: string;
  /** Shown in pg_stat_activity so an administrator sees which desk is connected. */
  applicationName?: string;
  connectTimeoutMs?: number;
}

/** A statement runner: the pool outside a transaction, one client inside it. */
export interface HubQueryable {
  rows<T extends QueryResultRow = QueryResultRow>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface HubDB extends HubQueryable {
  /** BEGIN … COMMIT on one client; ROLLBACK when `fn` throws. */
  transaction<R>(fn: (tx: HubQueryable) => Promise<R>): Promise<R>;
  /**
   * LISTEN on a dedicated connection. `onNotify` gets each payload; `onLost` is called once if
   * that connection drops (the caller reconnects when it wants to). Resolves to an unlisten.
   */
  listen(channel: string, onNotify: (payload: string) => void, onLost?: (error: unknown) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08001',
  '08006',
  '08003',
  '08004',
]);

/** The first line of a pg or socket failure, without control characters and without `secret`. */
export function describeHubFailure(error: unknown, secret?: string): string {
  const raw = error instanceof Error ? error.message : String(error);
  let line = raw.split(/\r?\n/, 1)[0] ?? '';
  if (secret) line = line.split(secret).join('[redacted]');
  return Array.from(line, (c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? ' ' : c))
    .join('')
    .slice(0, 200);
}

/** Maps a pg/socket/TLS failure to the coded error a user sees. GleanerErrors pass through. */
export function hubError(error: unknown, secret?: string): GleanerError {
  if (error instanceof GleanerError) return error;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
  const why = describeHubFailure(error, secret);
  const message = why.toLowerCase();
  if (UNREACHABLE_CODES.has(code) || message.includes('timeout') || message.includes('connection terminated')) {
    return new GleanerError('HUB_UNREACHABLE', `The team hub cannot be reached (${why}). This desk keeps working on its own library.`, {
      cause: error,
    });
  }
  if (code === '28P01' || code === '28000') {
    return new GleanerError('HUB_REFUSED', `The team hub refused the login (${why}). Check the member name in the URL and the password.`, {
      cause: error,
    });
  }
  if (code === '3D000') return new GleanerError('HUB_REFUSED', `The team hub has no such database (${why}).`, { cause: error });
  if (code === '42501') {
    return new GleanerError('HUB_REFUSED', `The team hub’s role lacks a privilege Gleaner needs (${why}). docs/team.md lists them.`, {
      cause: error,
    });
  }
  if (message.includes('does not support ssl')) {
    return new GleanerError(
      'HUB_REFUSED',
      `The team hub does not offer TLS, which this URL’s sslmode asks for (${why}). Ask its administrator to turn TLS on; sslmode=disable belongs on a private network only.`,
      { cause: error },
    );
  }
  if (/cert|self.signed|ssl|tls|altname/i.test(code) || /certificate|ssl|tls/.test(message)) {
    return new GleanerError('HUB_REFUSED', `The team hub’s TLS connection could not be verified (${why}).`, { cause: error });
  }
  return new GleanerError('HUB_REFUSED', `The team hub answered with an error (${why}).`, { cause: error });
}

/**
 * pg lets a connection string's fields override explicit ones (an absent password included), so
 * the URL is parsed here, with libpq's meaning of sslmode (`verify-full` checks the chain and the
 * host name; `require` only encrypts), and the password is set afterwards.
 */
function clientConfig(config: HubConnectionConfig, urls: typeof ConnectionStrings): ClientConfig {
  return {
    ...urls.toClientConfig(urls.parse(config.url, { useLibpqCompat: true })),
    password: config.password,
    application_name: config.applicationName ?? 'gleaner',
    connectionTimeoutMillis: config.connectTimeoutMs ?? 5000,
    keepAlive: true,
  };
}

function runner(client: Pool | PoolClient | Client, secret: string): HubQueryable {
  return {
    async rows<T extends QueryResultRow>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      try {
        return (await client.query<T>(sql, params as unknown[])).rows;
      } catch (error) {
        throw hubError(error, secret);
      }
    },
  };
}

/** Opens a small pool and checks that the hub answers (so a wrong password fails here, coded). */
export async function openHubDB(config: HubConnectionConfig): Promise<HubDB> {
  // Loaded with the first connection: a desk with no hub, and every CLI command but `team`, never pays for pg.
  const [{ default: pg }, urls] = await Promise.all([import('pg'), import('pg-connection-string')]);
  const connection = () => clientConfig(config, urls);
  const pool = new pg.Pool({ ...connection(), max: 3, idleTimeoutMillis: 10_000 });
  // An idle client that loses its server must not crash the process: the next query says so.
  pool.on('error', () => undefined);
  // A server shutting down sends each connection an error and then closes it; pg reports the
  // close as a second error on a client the pool has already let go, with no listener left.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const base = runner(pool, config.password);
  try {
    await base.rows('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const listeners = new Set<Client>();
  return {
    rows: base.rows,
    async transaction(fn) {
      let client: PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw hubError(error, config.password);
      }
      const tx = runner(client, config.password);
      // While checked out, the pool does not listen for the client's errors: a hub that goes away
      // mid-transaction would otherwise end the process (its failure reaches the caller as the query's).
      const ignoreLostConnection = () => undefined;
      client.on('error', ignoreLostConnection);
      try {
        await tx.rows('BEGIN');
        const result = await fn(tx);
        await tx.rows('COMMIT');
        client.removeListener('error', ignoreLostConnection);
        client.release();
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        // A client whose connection broke must not go back into the pool.
        client.release(true);
        throw hubError(error, config.password);
      }
    },
    async listen(channel, onNotify, onLost) {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel))
        throw new GleanerError('INVALID_INPUT', 'A hub channel name is lower-case letters, digits and underscores.');
      const client = new pg.Client(connection());
      client.on('error', (error) => {
        listeners.delete(client);
        onLost?.(hubError(error, config.password));
      });
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '');
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${channel}`);
      } catch (error) {
        await client.end().catch(() => undefined);
        throw hubError(error, config.password);
      }
      listeners.add(client);
      return async () => {
        listeners.delete(client);
        await client.end().catch(() => undefined);
      };
    },
    async close() {
      await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
      listeners.clear();
      await pool.end().catch(() => undefined);
    },
  };
}
