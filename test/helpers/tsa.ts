/**
 * A throwaway RFC 3161 timestamp authority on 127.0.0.1 for tests: a CA and a TSA certificate
 * made with `openssl req` in a temporary folder (optionally with an intermediate CA between
 * them, carried in each answer), and a small HTTP server that answers each TimeStampReq with
 * `openssl ts -reply`. For the trust tests it also makes an unrelated CA, and re-signs an
 * answer's TSTInfo with a certificate of its CA that is not for time-stamping (which
 * `openssl ts -reply` refuses to do, so `openssl cms -sign` does it). Nothing leaves the machine.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { children, readNode } from '../../src/main/core/bundle/der';

export interface LocalTsa {
  url: string;
  /** The CA certificate to verify its answers with (`openssl ts -verify -CAfile`). */
  caFile: string;
  /** How many requests it answered. */
  requests(): number;
  /** A CA certificate (PEM file) unrelated to this authority, with its subject. */
  unrelatedCa(): { caFile: string; subject: string };
  /**
   * The TSTInfo of `reply` signed again, as a bare token, by a new certificate from this
   * authority's CA whose extendedKeyUsage is missing or not critical.
   */
  resignedWithout(reply: Buffer, what: 'timeStamping' | 'critical'): Buffer;
  stop(): Promise<void>;
}

/** The TSTInfo octets inside a TimeStampResp. */
function tstInfoOf(reply: Buffer): Buffer {
  const token = children(readNode(reply))[1]!;
  const signedData = children(children(children(token)[1]!)[0]!);
  const encapsulated = children(signedData[2]!);
  return children(encapsulated[1]!)[0]!.content;
}

const openssl = (args: string[], cwd: string) => execFileSync('openssl', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });

export async function startLocalTsa(options: { intermediate?: boolean } = {}): Promise<LocalTsa> {
  const dir = mkdtempSync(join(tmpdir(), 'gleaner-tsa-'));
  writeFileSync(join(dir, 'serial'), '01\n');
  // With an intermediate, the TSA's issuer is it, and the answer carries it (certs).
  const issuer = options.intermediate ? 'intermediate' : 'ca';
  writeFileSync(
    join(dir, 'tsa.cnf'),
    `[ tsa ]
default_tsa = tsa_config
[ tsa_config ]
dir = ${dir}
serial = $dir/serial
crypto_device = builtin
signer_cert = $dir/tsa.pem
certs = $dir/carried.pem
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
[ ca_ext ]
basicConstraints = critical, CA:true
keyUsage = critical, keyCertSign, cRLSign
[ no_timestamping_ext ]
basicConstraints = critical, CA:false
keyUsage = critical, digitalSignature
[ not_critical_ext ]
basicConstraints = critical, CA:false
keyUsage = critical, digitalSignature
extendedKeyUsage = timeStamping
`,
  );
  openssl(
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Gleaner test CA'],
    dir,
  );
  /** A certificate for `name`, issued by `by` with the extensions of section `extensions`. */
  const issue = (name: string, subject: string, by: string, extensions: string, key = 'rsa:2048') => {
    openssl(['req', '-newkey', key, '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${subject}`], dir);
    openssl(
      [
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        `${by}.pem`,
        '-CAkey',
        `${by}.key`,
        '-CAcreateserial',
        '-out',
        `${name}.pem`,
        '-days',
        '2',
        '-extfile',
        'tsa.cnf',
        '-extensions',
        extensions,
      ],
      dir,
    );
  };
  openssl(['ecparam', '-name', 'prime256v1', '-out', 'ec.param'], dir);
  if (options.intermediate) issue('intermediate', 'Gleaner test intermediate CA', 'ca', 'ca_ext');
  issue('tsa', 'Gleaner test TSA', issuer, 'tsa_ext');
  // Made now, before any answer, so they are valid at its time; EC keys, which are quick to make.
  issue('plain', 'Gleaner test plain signer', issuer, 'no_timestamping_ext', 'ec:' + join(dir, 'ec.param'));
  issue('lax', 'Gleaner test lax signer', issuer, 'not_critical_ext', 'ec:' + join(dir, 'ec.param'));
  writeFileSync(
    join(dir, 'carried.pem'),
    Buffer.concat([readFileSync(join(dir, 'tsa.pem')), ...(options.intermediate ? [readFileSync(join(dir, 'intermediate.pem'))] : [])]),
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
    unrelatedCa: () => {
      openssl(
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-keyout',
          'other.key',
          '-out',
          'other.pem',
          '-days',
          '2',
          '-subj',
          '/CN=Unrelated test CA',
        ],
        dir,
      );
      return { caFile: join(dir, 'other.pem'), subject: 'CN=Unrelated test CA' };
    },
    resignedWithout: (reply, what) => {
      const name = what === 'timeStamping' ? 'plain' : 'lax';
      writeFileSync(join(dir, `${name}.tst`), tstInfoOf(reply));
      // prettier-ignore
      openssl(['cms', '-sign', '-binary', '-nodetach', '-outform', 'DER', '-econtent_type', '1.2.840.113549.1.9.16.1.4', '-md', 'sha256',
        '-in', `${name}.tst`, '-signer', `${name}.pem`, '-inkey', `${name}.key`, '-out', `${name}.token`], dir);
      return readFileSync(join(dir, `${name}.token`));
    },
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
