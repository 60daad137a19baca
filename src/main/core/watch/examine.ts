/**
 * Reading a finished watch run: what its answers (or failures) show against what was known,
 * written as versions, availability, listing membership and changes in one transaction, each
 * change with the answer that showed it. A run is examined once (marked in the same transaction),
 * so a crash between the answer and its examination only delays it to the next tick.
 */
import type { OperationId } from '../../../shared/catalogue';
import type { NormalisedItem } from '../../../shared/model';
import type { NormaliseFn } from '../library/ingest';
import { writeTransaction, type ReadableDB, type WritableDB } from '../store/write-transaction';
import {
  watchChangesRepository as changes,
  type AnswerRow,
  type NewChange,
  type SightingRow,
} from '../store/watch/watch-changes-repository';
import { watchesRepository as watches, type OpenRun, type WatchRow } from '../store/watch/watches-repository';
import {
  EMPTY_RECORD_WORDS,
  changedFields,
  isEmptyRecord,
  countJumps,
  membershipChanges,
  readGone,
  type Counts,
  type VersionFields,
} from './detect';
import type { WatchTuning } from './settings';

export interface ExamineDeps {
  db: ReadableDB;
  normalise: NormaliseFn;
  tuning: () => WatchTuning;
  nowIso: () => string;
  /** The items' fields as stored, for an answer the normaliser can no longer read. */
  storedFields: (itemId: number) => VersionFields | null;
}

type Job = ReturnType<typeof watches.runJobs>[number];

/** Examines one run whose jobs have all ended; returns how many changes it added. */
export function examineRun(deps: ExamineDeps, run: OpenRun): number {
  const tuning = deps.tuning();
  return writeTransaction(deps.db, (tx) => {
    const now = deps.nowIso();
    if (!watches.markExamined(tx, run.id, now)) return 0;
    const watch = run.watch_id === null ? undefined : watches.byId(tx, run.watch_id);
    if (!watch) return 0;
    const jobs = watches.runJobs(tx, run.batch_id);
    const answers = jobs
      .filter((job) => job.state === 'done' && job.response_id !== null)
      .map((job) => changes.answer(tx, job.response_id!))
      .filter((answer): answer is AnswerRow => answer !== undefined);
    const failed = jobs.filter((job) => job.state === 'failed');
    const recorder = createRecorder(tx, deps, watch, tuning);
    if (watch.target_kind === 'item') examineItem(tx, recorder, watch, answers, failed, tuning, now);
    else examineListing(tx, recorder, watch, run.id, answers, failed, jobs.length);
    const lastFailure = failed.at(-1);
    watches.setLastError(tx, watch.id, answers.length === 0 && lastFailure ? (lastFailure.error_message ?? lastFailure.error_code) : null);
    return recorder.added();
  });
}

function examineItem(
  tx: WritableDB,
  recorder: Recorder,
  watch: WatchRow,
  answers: AnswerRow[],
  failed: Job[],
  tuning: WatchTuning,
  now: string,
): void {
  const itemId = watch.item_id;
  if (itemId === null) return;
  const answer = answers.at(-1);
  if (answer) {
    const sightings = changes.sightings(tx, answer.id).filter((sighting) => !recorder.isEmpty(sighting, answer));
    if (sightings.length === 0) {
      recorder.availability(itemId, 'unavailable', EMPTY_RECORD_WORDS, answer, answer.fetched_at);
      return;
    }
    for (const sighting of sightings) recorder.fields(sighting, answer);
    recorder.availability(itemId, 'available', null, answer, answer.fetched_at);
    return;
  }
  const failure = failed.at(-1);
  if (!failure) return;
  const reading = readGone(
    {
      code: failure.error_code ?? '',
      status: failure.error_status,
      requestId: failure.error_request_id,
      serviceWords: failure.error_words,
    },
    tuning.goneWords,
  );
  if (reading.gone) recorder.availability(itemId, 'unavailable', reading.words, null, now, reading.requestId);
}

function examineListing(
  tx: WritableDB,
  recorder: Recorder,
  watch: WatchRow,
  runId: number,
  answers: AnswerRow[],
  failed: Job[],
  jobCount: number,
): void {
  if (answers.length === 0) return;
  const seen = new Map<number, { sighting: SightingRow; answer: AnswerRow }>();
  for (const answer of answers) {
    for (const sighting of changes.sightings(tx, answer.id)) {
      if (!seen.has(sighting.item_id) && !recorder.isEmpty(sighting, answer)) seen.set(sighting.item_id, { sighting, answer });
    }
  }
  const members = changes.members(tx, watch.id);
  const current = [...seen.values()].map(({ sighting }) => ({ itemId: sighting.item_id, publishedAt: sighting.published_at }));
  // Every page answered and the last had no next page: the listing ended within what was fetched.
  const complete = failed.length === 0 && answers.length === jobCount && answers.at(-1)!.next_page === null;
  if (members.length > 0) {
    // Compared with what the last run that showed anything held: an item pushed beyond the pages
    // fetched before that is out of sight, not gone, and its old position says nothing any more.
    const shownSince = changes.lastShowingRunStart(tx, watch.id, runId) ?? '';
    const listedBefore = members
      .filter((m) => m.listed === 1 && m.last_seen_at >= shownSince)
      .map((m) => ({ itemId: m.item_id, publishedAt: m.published_at, position: m.position }));
    // A page that failed leaves its items unseen, not gone.
    const { added, gone } = membershipChanges(listedBefore, new Set(members.map((m) => m.item_id)), current, complete);
    for (const itemId of added) recorder.change(itemId, 'new', null, null, null, seen.get(itemId)!.answer);
    const lastAnswer = answers.at(-1)!;
    for (const itemId of failed.length === 0 ? gone : []) {
      changes.unlistMember(tx, watch.id, itemId);
      recorder.change(itemId, 'no-longer-listed', null, null, null, lastAnswer);
    }
  }
  let position = 0;
  for (const { sighting, answer } of seen.values()) {
    changes.seeMember(tx, watch.id, sighting.item_id, position++, answer.fetched_at);
    recorder.fields(sighting, answer);
  }
}

type Recorder = ReturnType<typeof createRecorder>;

/** Writes versions, counts and availability for one run, counting the changes it adds. */
function createRecorder(tx: WritableDB, deps: ExamineDeps, watch: WatchRow, tuning: WatchTuning) {
  let added = 0;
  const recordsByAnswer = new Map<number, NormalisedItem[]>();

  function change(
    itemId: number | null,
    kind: NewChange['change'],
    field: string | null,
    before: string | number | null,
    after: string | number | null,
    answer: AnswerRow | null,
    at?: string,
    words: string | null = null,
    requestId: string | null = null,
  ): void {
    changes.addChange(tx, {
      watchId: watch.id,
      itemId,
      change: kind,
      field,
      before,
      after,
      responseId: answer?.id ?? null,
      // A failed answer is not kept, but the id it carried is: the change cites it all the same.
      requestId: answer?.request_id ?? requestId,
      sha256: answer?.body_sha256 ?? null,
      at: at ?? answer?.fetched_at ?? deps.nowIso(),
      words,
    });
    added += 1;
  }

  /** The records of an answer as the normaliser reads them (once per answer). */
  function recordsOf(answer: AnswerRow): NormalisedItem[] {
    let records = recordsByAnswer.get(answer.id);
    if (!records) {
      try {
        const data = (JSON.parse(answer.body) as { data?: unknown }).data;
        records = deps.normalise(answer.operation as OperationId, data, JSON.parse(answer.params) as Record<string, string>).items;
      } catch {
        records = [];
      }
      recordsByAnswer.set(answer.id, records);
    }
    return records;
  }

  /** The item's fields as this answer's record gave them (matched by platform id or link); null when none matches. */
  function recordFieldsIn(sighting: SightingRow, answer: AnswerRow): VersionFields | null {
    const record = recordsOf(answer).find(
      (candidate) =>
        (sighting.native_id !== null && candidate.nativeId === sighting.native_id) ||
        (sighting.url !== null && candidate.url === sighting.url),
    );
    return record ? { title: record.title, text: record.text, authorName: record.author.name } : null;
  }

  /** The item's fields as this answer gave them, or as stored when the normaliser cannot read the answer again. */
  function fieldsIn(sighting: SightingRow, answer: AnswerRow): VersionFields | null {
    return recordFieldsIn(sighting, answer) ?? deps.storedFields(sighting.item_id);
  }

  return {
    change,
    added: () => added,
    isEmpty: (sighting: SightingRow, answer: AnswerRow): boolean => isEmptyRecord(recordFieldsIn(sighting, answer), countsOf(sighting)),
    /** A new version when the title, text or author's name changed since the last answer of the same operation. */
    fields(sighting: SightingRow, answer: AnswerRow): void {
      const current = fieldsIn(sighting, answer);
      if (current) {
        // Compared with the same operation's last answer: a listing may shorten what a details answer gives whole.
        const last = changes.lastVersion(tx, sighting.item_id, answer.operation);
        if (last === undefined || last.response_id !== answer.id) {
          const previous = last ? { title: last.title, text: last.text, authorName: last.author_name } : null;
          const changed = changedFields(previous, current);
          if (previous === null || changed.length > 0) {
            changes.addVersion(tx, { itemId: sighting.item_id, responseId: answer.id, operation: answer.operation, ...current, changed });
          }
          for (const field of changed) change(sighting.item_id, 'edited', field, previous![field], current[field], answer);
        }
      }
      const before = changes.previousCounts(tx, sighting.item_id, answer.id);
      for (const jump of countJumps(before ? countsOf(before) : null, countsOf(sighting), tuning.countJump)) {
        change(sighting.item_id, 'counts', jump.field, jump.before, jump.after, answer);
      }
    },
    /** Records a change of availability (and only a change: staying gone is not news). */
    availability(
      itemId: number,
      state: 'available' | 'unavailable',
      words: string | null,
      answer: AnswerRow | null,
      at: string,
      failedRequestId: string | null = null,
    ): void {
      const requestId = answer?.request_id ?? failedRequestId;
      const known = changes.availability(tx, itemId);
      if (known?.state === state || (known === undefined && state === 'available')) {
        if (known === undefined) changes.setAvailability(tx, itemId, { state, since: at, words, requestId });
        return;
      }
      changes.setAvailability(tx, itemId, { state, since: at, words, requestId });
      change(itemId, state === 'unavailable' ? 'unavailable' : 'available-again', null, null, null, answer, at, words, requestId);
    },
  };
}

const countsOf = (row: SightingRow): Counts => ({
  views: row.views,
  likes: row.likes,
  comments: row.comments,
  reposts: row.reposts,
  shares: row.shares,
  followers: row.followers,
});
