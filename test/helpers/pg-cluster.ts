/**
 * A throwaway PostgreSQL cluster for tests of the team hub: `initdb` into a temporary folder,
 * `pg_ctl start` on a free loopback port, one database and one password-protected role, stopped
 * and deleted by `stop()`. The server refuses to run as root, so as root it runs as `postgres`.
 *
 * Nothing listens beyond 127.0.0.1 and the Unix socket lives in the temporary folder, so two test
 * files (or two CI runs) never meet.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const BIN_DIRS = ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'];

export interface PgCluster {
  host: '127.0.0.1';
  port: number;
  database: string;
  /** The role Gleaner connects as (owner of `database`). */
  user: string;
  password: string;
  /** `postgres://user@127.0.0.1:port/database`: what a user gives `team connect` (no password). */
  url: string;
  /** The same URL with the password, for the test's own checks (never given to Gleaner). */
  urlWithPassword: string;
  /** Runs SQL as the cluster's superuser, for inspection (a sweep for secrets, counting rows). */
  adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[], database?: string): Promise<T[]>;
  /** Stops the server without deleting its data (tests of a hub going away). */
  pause(): void;
  /** Starts it again on the same port after `pause()`. */
  resume(): void;
  /** Stops the server and deletes its folder. Safe to call twice. */
  stop(): void;
  /** With `tls: true`: the throwaway CA (PEM) that signed the server's certificate. */
  caFile?: string;
}

export interface PgClusterOptions {
  database?: string;
  user?: string;
  /** Serve TLS (`ssl=on`) with a certificate signed by a throwaway CA, naming `certHosts`. */
  tls?: boolean;
  /** The names the server certificate holds (default `localhost` and `127.0.0.1`). */
  certHosts?: string[];
}

function openssl(args: string[]): void {
  execFileSync('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A self-signed CA in `dir` (`<name>.pem`, `<name>.key`); tests make a second one to be refused by. */
export function makeTestCA(dir: string, name = 'ca'): { certFile: string; keyFile: string } {
  const certFile = join(dir, `${name}.pem`);
  const keyFile = join(dir, `${name}.key`);
  openssl([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    keyFile,
    '-out',
    certFile,
    '-days',
    '2',
    '-subj',
    `/CN=Gleaner test ${name}`,
  ]);
  return { certFile, keyFile };
}

/** A server certificate for `hosts`, signed by `ca`; its key is 0600 and the server's (it refuses others). */
function makeServerCertificate(
  dir: string,
  ca: { certFile: string; keyFile: string },
  hosts: string[],
): { certFile: string; keyFile: string } {
  const keyFile = join(dir, 'server.key');
  const csrFile = join(dir, 'server.csr');
  const certFile = join(dir, 'server.crt');
  const extFile = join(dir, 'server.ext');
  const altNames = hosts.map((host) => (/^[\d.]+$/.test(host) ? `IP:${host}` : `DNS:${host}`)).join(',');
  writeFileSync(extFile, `subjectAltName=${altNames}\n`);
  openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', csrFile, '-subj', `/CN=${hosts[0] ?? 'localhost'}`]);
  openssl([
    'x509',
    '-req',
    '-in',
    csrFile,
    '-CA',
    ca.certFile,
    '-CAkey',
    ca.keyFile,
    '-CAcreateserial',
    '-out',
    certFile,
    '-days',
    '2',
    '-extfile',
    extFile,
  ]);
  chmodSync(keyFile, 0o600);
  ownByServer(keyFile);
  chmodSync(certFile, 0o644);
  ownByServer(certFile);
  return { certFile, keyFile };
}

export function postgresBinDir(): string | null {
  return BIN_DIRS.find((dir) => existsSync(join(dir, 'pg_ctl'))) ?? null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a server binary, as `postgres` when we are root (the server refuses root). */
function runServerTool(binary: string, args: string[], env: NodeJS.ProcessEnv = {}): string {
  const command = asRoot ? 'runuser' : binary;
  const argv = asRoot ? ['-u', 'postgres', '--', binary, ...args] : args;
  return execFileSync(command, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
}

function ownByServer(path: string): void {
  if (!asRoot) return;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(path, uid, gid);
}

export async function startPgCluster(options: PgClusterOptions = {}): Promise<PgCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries not found (install Debian’s postgresql package).');
  const root = mkdtempSync(join(tmpdir(), 'gleaner-pg-'));
  chmodSync(root, 0o755);
  ownByServer(root);
  const dataDir = join(root, 'data');
  const superPassword = randomBytes(12).toString('hex');
  const pwFile = join(root, 'superpw');
  writeFileSync(pwFile, superPassword, { mode: 0o600 });
  ownByServer(pwFile);
  runServerTool(join(bin, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=scram-sha-256',
    `--pwfile=${pwFile}`,
    '-E',
    'UTF8',
    '--no-instructions',
  ]);
  rmSync(pwFile);
  const port = await freePort();
  const logFile = join(root, 'server.log');
  let serverOptions = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${root} -c fsync=off -c full_page_writes=off -c synchronous_commit=off`;
  let caFile: string | undefined;
  if (options.tls) {
    const ca = makeTestCA(root);
    const server = makeServerCertificate(root, ca, options.certHosts ?? ['localhost', '127.0.0.1']);
    caFile = ca.certFile;
    serverOptions += ` -c ssl=on -c ssl_cert_file=${server.certFile} -c ssl_key_file=${server.keyFile}`;
  }
  const start = (): void => {
    runServerTool(join(bin, 'pg_ctl'), ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', '-t', '60', 'start']);
  };
  const halt = (): void => {
    runServerTool(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  };
  start();

  const database = options.database ?? 'gleaner_team';
  const user = options.user ?? 'gleaner_desk';
  const password = `pw-${randomBytes(12).toString('hex')}`;
  const admin = (db = 'postgres'): pg.ClientConfig => ({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: superPassword,
    database: db,
  });
  const adminQuery = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = [], db = database): Promise<T[]> => {
    const client = new pg.Client(admin(db));
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end();
    }
  };
  // A login role that owns its database: the shape docs/team.md asks an administrator for.
  await adminQuery(`CREATE ROLE ${user} LOGIN PASSWORD '${password}'`, [], 'postgres');
  await adminQuery(`CREATE DATABASE ${database} OWNER ${user}`, [], 'postgres');

  let stopped = false;
  let running = true;
  return {
    host: '127.0.0.1',
    port,
    database,
    user,
    password,
    url: `postgres://${user}@127.0.0.1:${port}/${database}`,
    urlWithPassword: `postgres://${user}:${password}@127.0.0.1:${port}/${database}`,
    adminQuery: (sql, params, db) => adminQuery(sql, params, db),
    ...(caFile ? { caFile } : {}),
    pause() {
      if (running) halt();
      running = false;
    },
    resume() {
      if (!running) start();
      running = true;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        if (running) halt();
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
