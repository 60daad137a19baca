import { migration0001 } from './0001-settings';
import { migration0002 } from './0002-library';
import { migration0003 } from './0003-queue';
import { migration0004 } from './0004-job-collections';
import { migration0005 } from './0005-transcript-languages';
import { migration0006 } from './0006-item-extras';
import { migration0007 } from './0007-microblog-handles';
import { migration0008 } from './0008-job-priority';
import { migration0009 } from './0009-one-transcript-per-text';
import { migration0010 } from './0010-collection-order';
import { migration0011 } from './0011-job-pages';
import { migration0012 } from './0012-responses-by-body';
import { migration0013 } from './0013-jobs-recent';
import { migration0014 } from './0014-batch-tickets';
import { migration0015 } from './0015-untimed-transcript-search';
import { migration0016 } from './0016-resolved-links';
import { migration0017 } from './0017-pin-public-ids';
import { migration0018 } from './0018-approximate-published';
import { migration0019 } from './0019-pin-link-slash';
import { migration0020 } from './0020-team-sync';
import { migration0021 } from './0021-team-hub-identity';
import { migration0022 } from './0022-custody-log';
import { migration0023 } from './0023-watches';
import { migration0024 } from './0024-team-watches';
import { migration0025 } from './0025-job-error-details';
import { migration0026 } from './0026-team-changes-waiting';
import { migration0027 } from './0027-demo-answers';
import { migration0028 } from './0028-search-ignores-padding';
import type { Migration } from './types';

/** Every migration, in order. Adding one: a new `NNNN-name.ts` file and one line here. */
export const migrations: readonly Migration[] = [
  migration0001,
  migration0002,
  migration0003,
  migration0004,
  migration0005,
  migration0006,
  migration0007,
  migration0008,
  migration0009,
  migration0010,
  migration0011,
  migration0012,
  migration0013,
  migration0014,
  migration0015,
  migration0016,
  migration0017,
  migration0018,
  migration0019,
  migration0020,
  migration0021,
  migration0022,
  migration0023,
  migration0024,
  migration0025,
  migration0026,
  migration0027,
  migration0028,
];
