/** Entry point of the `gleaner` command (bundled to out/main/cli.js; see bin/gleaner.js). */
import { join } from 'node:path';
import { startCompileCache } from './compile-cache';

// First, so that the rest of the CLI, loaded below, compiles from the code earlier runs saved.
startCompileCache(__dirname);
void import('./start').then(({ runThisProcess }) => runThisProcess(join(__dirname, '../renderer')));
