/**
 * `custody.list`: the entries about an item, or the latest ones, with whether the whole chain
 * verifies. Verifying a long chain reads every entry, so it is done once per process (and when
 * asked), then only over what was appended since; the last link checked must still be there as it was.
 */
import { GleanerError } from '../../../shared/errors';
import { verifyChain, type CustodyLink, type CustodyList } from '../../../shared/custody';
import { custodyRepository } from '../store/custody/custody-repository';
import { sha256Hex } from '../store/custody/custody-functions';
import type { ReadableDB } from '../store/write-transaction';

interface Checked {
  through: CustodyLink | null;
  brokenAt: number | null;
}

const checkedByLibrary = new WeakMap<ReadableDB, Checked>();
const PAGE = 5000;

/** Verifies from `from` (null: the start) to the head, a page at a time so memory stays flat. */
function verifyFrom(db: ReadableDB, from: CustodyLink | null): Checked {
  let through = from;
  for (;;) {
    const page = custodyRepository.after(db, through?.seq ?? 0, PAGE);
    if (page.length === 0) return { through, brokenAt: null };
    const brokenAt = verifyChain(page, sha256Hex, through);
    if (brokenAt !== null) return { through, brokenAt };
    const last = page[page.length - 1]!;
    through = { seq: last.seq, prevHash: last.prevHash, hash: last.hash };
  }
}

/** Whether the chain holds: in full when asked or not yet known here, else from the last link checked. */
export function custodyIntegrity(db: ReadableDB, fully = false): Checked {
  const known = checkedByLibrary.get(db);
  let checked: Checked;
  if (fully || !known) checked = verifyFrom(db, null);
  else if (known.brokenAt !== null) checked = known;
  else {
    const still = known.through === null ? true : custodyRepository.linksUpTo(db, known.through.seq).at(-1)?.hash === known.through.hash;
    checked = still ? verifyFrom(db, known.through) : verifyFrom(db, null);
  }
  checkedByLibrary.set(db, checked);
  return checked;
}

export interface CustodyListRequest {
  itemId?: number;
  limit: number;
  beforeSeq?: number;
  verify?: boolean;
}

export function listCustody(db: ReadableDB, request: CustodyListRequest): CustodyList {
  const integrity = custodyIntegrity(db, request.verify === true);
  const head = custodyRepository.head(db);
  const base = {
    head: head ? { seq: head.seq, hash: head.hash } : null,
    intact: integrity.brokenAt === null,
    brokenAt: integrity.brokenAt,
  };
  if (request.itemId === undefined) {
    return { ...base, entries: custodyRepository.latest(db, request.limit, request.beforeSeq), imported: [] };
  }
  if (!custodyRepository.itemExists(db, request.itemId)) {
    throw new GleanerError('NOT_FOUND', `No item with id ${request.itemId} is in the library.`);
  }
  const concerning = { itemIds: [request.itemId], sha256s: custodyRepository.answerSha256sOf(db, request.itemId) };
  const all = custodyRepository
    .entriesConcerning(db, concerning)
    .filter((entry) => request.beforeSeq === undefined || entry.seq < request.beforeSeq);
  return {
    ...base,
    // The item's latest `limit` entries, oldest first as a history reads.
    entries: all.slice(-request.limit),
    imported: custodyRepository.importedConcerning(db, concerning).slice(-request.limit),
  };
}
