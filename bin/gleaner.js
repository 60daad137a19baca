#!/usr/bin/env node
'use strict';
// The `gleaner` command. The CLI is built with the app (npm ci runs the build); if the
// build is missing, say how to make it rather than printing a stack trace.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const entry = join(__dirname, '..', 'out', 'main', 'cli.js');
if (!existsSync(entry)) {
  process.stderr.write('error INTERNAL: Gleaner is not built yet; run `npm run build` in ' + join(__dirname, '..') + ' first.\n');
  process.exit(1);
}
require(entry);
