/**
 * zod as every Gleaner schema uses it: import `z` from here, never from 'zod' directly, so the
 * setting below is in place before the first schema is built. Jitless: zod otherwise probes for
 * eval with `new Function("")` and compiles its object parsers, and under the served page's CSP
 * each attempt is a violation report even though zod catches the failure.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
