import { runCli } from '../../src/main/hosts/cli/program';
import { captureCliIo } from './cli-io';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `gleaner …` run in the test's own process against one data folder, its output captured. The
 * folder and the environment are read at each call, so a suite can set them up in `beforeAll`.
 */
export function cliIn(dataDir: () => string, env: () => Record<string, string> = () => ({})) {
  return async (...argv: string[]): Promise<CliResult> => {
    const { io, out, err } = captureCliIo({ env: env() });
    const code = await runCli(['--data-dir', dataDir(), ...argv], io, '/nowhere');
    return { code, stdout: out(), stderr: err() };
  };
}
