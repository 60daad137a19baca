// Fetches the Electron binary the desktop window runs on, where it can be fetched; anywhere else
// the install goes on and `npm start` opens Gleaner in the browser.
//
// npm does not run Electron's own download: package.json denies its install script (allowScripts)
// and lists it as an optional dependency (npm releases without allowScripts run the script, and a
// failure then drops the optional package instead of failing the install). Where the download
// host could not be reached, that script failed the whole `npm ci` after minutes of retries with
// a stack trace. Here, the host is tried first with a short time limit, and any failure is one line.
//
//   node scripts/fetch-electron.mjs              during npm ci (the prepare script): never fails
//   node scripts/fetch-electron.mjs --required   npm run desktop:fetch: exits 1 when it cannot
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const DEFAULT_MIRROR = 'https://github.com/electron/electron/releases/download/';
const PROBE_TIMEOUT_MS = 10_000;

/** Where @electron/get downloads from: the mirror settings it reads (npm config, package config, environment), else GitHub. */
export function downloadOrigin(env) {
  const mirror =
    env.npm_config_electron_mirror ||
    env.NPM_CONFIG_ELECTRON_MIRROR ||
    env.npm_package_config_electron_mirror ||
    env.ELECTRON_MIRROR ||
    DEFAULT_MIRROR;
  try {
    const url = new URL(mirror);
    // A file: mirror (a folder of zips) needs no network.
    if (url.protocol === 'file:') return null;
    return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) || (url.protocol === 'http:' ? 80 : 443) };
  } catch {
    return null;
  }
}

/** Through a proxy, the host itself may be out of reach while the download works: no probe then. */
export const usesProxy = (env) =>
  Boolean(
    env.ELECTRON_GET_USE_PROXY ||
    env.GLOBAL_AGENT_HTTPS_PROXY ||
    env.GLOBAL_AGENT_HTTP_PROXY ||
    env.HTTPS_PROXY ||
    env.https_proxy ||
    env.npm_config_https_proxy ||
    env.npm_config_proxy,
  );

/** Whether a TCP connection to the download host opens within the time limit. */
export function canReach({ host, port }, timeoutMs = PROBE_TIMEOUT_MS) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The first line of what a failed download printed, without its stack. */
export function firstLine(output) {
  const line = output
    .split('\n')
    .map((text) => text.trim())
    .find((text) => text !== '' && !text.startsWith('at '));
  return (line ?? 'it exited with an error').replace(/^(Error|HTTPError|RequestError): /, '').slice(0, 200);
}

const browserMode = 'npm start opens Gleaner in your browser instead (browser mode); `npm run desktop:fetch` tries the download again.';

/** @returns {Promise<{ ok: boolean, line: string | null }>} what happened, in at most one line */
export async function fetchElectron({ electronDir, env, probeTimeoutMs = PROBE_TIMEOUT_MS }) {
  if (!electronDir || !existsSync(join(electronDir, 'install.js'))) {
    return { ok: false, line: `The desktop shell (Electron) is not installed; ${browserMode}` };
  }
  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
    return { ok: false, line: `The desktop shell's download was skipped (ELECTRON_SKIP_BINARY_DOWNLOAD is set); ${browserMode}` };
  }
  // Electron writes path.txt once its binary is in place.
  if (existsSync(join(electronDir, 'path.txt'))) return { ok: true, line: null };
  const origin = downloadOrigin(env);
  if (origin && !usesProxy(env) && !(await canReach(origin, probeTimeoutMs))) {
    return {
      ok: false,
      line: `The desktop shell (Electron) could not be downloaded: ${origin.host} cannot be reached from here; ${browserMode}`,
    };
  }
  const outcome = await new Promise((resolve) => {
    const child = spawn(process.execPath, [join(electronDir, 'install.js')], { cwd: electronDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 1, output: error.message }));
    child.on('close', (code) => resolve({ code, output }));
  });
  if (outcome.code === 0 && existsSync(join(electronDir, 'path.txt')))
    return { ok: true, line: 'The desktop shell (Electron) is installed.' };
  return { ok: false, line: `The desktop shell (Electron) could not be downloaded (${firstLine(outcome.output)}); ${browserMode}` };
}

function electronPackageDir() {
  try {
    return dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return null;
  }
}

const invokedDirectly = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const required = process.argv.includes('--required');
  const dirFlag = process.argv.indexOf('--electron-dir');
  const electronDir = dirFlag > 0 ? process.argv[dirFlag + 1] : electronPackageDir();
  const { ok, line } = await fetchElectron({ electronDir, env: process.env });
  if (line) process.stdout.write(`${line}\n`);
  if (!ok && required) process.exitCode = 1;
}
