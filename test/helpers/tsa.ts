/**
 * A throwaway RFC 3161 timestamp authority on 127.0.0.1 for tests: a CA and a TSA certificate
 * made with `openssl req` in a temporary folder, and a small HTTP server that answers each
 * TimeStampReq with `openssl ts -reply`. Nothing leaves the machine.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LocalTsa {
  url: string;
  /** The CA certificate to verify its answers with (`openssl ts -verify -CAfile`). */
  caFile: string;
  /** How many requests it answered. */
  requests(): number;
  stop(): Promise<void>;
}

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });

export async function startLocalTsa(): Promise<LocalTsa> {
  const dir = mkdtempSync(join(tmpdir(), 'gleaner-tsa-'));
  writeFileSync(join(dir, 'serial'), '01\n');
  writeFileSync(
    join(dir, 'tsa.cnf'),
    `[ tsa ]
default_tsa = tsa_config
[ tsa_config ]
dir = ${dir}
serial = $dir/serial
crypto_device = builtin
signer_cert = $dir/tsa.pem
certs = $dir/tsa.pem
signer_key = $dir/tsa.key
signer_digest = sha256
default_policy = 1.2.3.4.1
other_policies = 1.2.3.4.5
digests = sha256, sha384, sha512
accuracy = secs:1
ordering = no
tsa_name = no
ess_cert_id_chain = no
ess_cert_id_alg = sha256
[ tsa_ext ]
basicConstraints = critical, CA:false
keyUsage = critical, digitalSignature
extendedKeyUsage = critical, timeStamping
`,
  );
  openssl(
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Gleaner test CA'],
    dir,
  );
  openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'tsa.key', '-out', 'tsa.csr', '-subj', '/CN=Gleaner test TSA'], dir);
  openssl(
    [
      'x509',
      '-req',
      '-in',
      'tsa.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'tsa.pem',
      '-days',
      '2',
      '-extfile',
      'tsa.cnf',
      '-extensions',
      'tsa_ext',
    ],
    dir,
  );
  let count = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      count += 1;
      const query = join(dir, `q${count}.tsq`);
      const reply = join(dir, `r${count}.tsr`);
      writeFileSync(query, Buffer.concat(chunks));
      try {
        openssl(['ts', '-reply', '-config', 'tsa.cnf', '-queryfile', query, '-out', reply], dir);
        response.writeHead(200, { 'content-type': 'application/timestamp-reply' });
        response.end(readFileSync(reply));
      } catch (error) {
        response.writeHead(400, { 'content-type': 'text/plain' });
        response.end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/tsr`,
    caFile: join(dir, 'ca.pem'),
    requests: () => count,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
