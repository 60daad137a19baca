/**
 * Answers across desks. Push: every response stored here that the hub does not have (a local
 * watermark, advanced after the hub committed; pushing again after a crash adds nothing). Pull:
 * colleagues' answers since the last seq, each stored through this desk's own ingest, so items,
 * transcripts and search come from its own normalisers. An answer that cannot be read (a body
 * that is not JSON, an operation this version does not know, a normaliser that gives up) is set
 * aside with a warning and the pull goes on; the watermark moves in the same local transaction
 * as what it covers, so a desk killed mid-pull neither loses nor doubles anything.
 */
import { isOperationId } from '../../../../shared/catalogue';
import type { Ingester, ResponseToStore } from '../../library/ingest';
import type { Logger } from '../../log';
import {
  appendInOrder,
  createAnswersRepository,
  createMembersRepository,
  createSyncAnswersRepository,
  type HubAnswer,
  type PulledAnswer,
} from '../../store/hub';
import type { TeamSyncRepository, ResponseToPush } from '../../store/team/team-sync-repository';
import { hubAnswerParams, responseFromHubAnswer } from '../answer-response';
import { writeTransaction, type ReadableDB } from '../../store/write-transaction';
import type { HubSession } from '../session';

export const ANSWERS_PUSHED = 'answers.pushed-through-response';
export const ANSWERS_PULLED = 'answers.pulled-through-seq';

const toHubAnswer = (row: ResponseToPush): HubAnswer => ({
  requestId: row.requestId,
  operation: row.operation,
  params: JSON.parse(row.params) as Record<string, string>,
  requestUrl: row.requestUrl,
  status: row.status,
  fetchedAt: row.fetchedAt,
  durationMs: row.durationMs,
  nextPage: row.nextPage === null ? null : (JSON.parse(row.nextPage) as Record<string, string>),
  body: row.body,
  demo: row.demo === 1,
});

/** The answer as ingest takes it, or why it cannot be. */
export function responseOf(answer: PulledAnswer): ResponseToStore | string {
  if (!isOperationId(answer.operation)) return `its operation (${answer.operation.slice(0, 60)}) is not one this version knows`;
  const params = hubAnswerParams(answer.params);
  if (params === null) return 'its parameters are not names with text values';
  return responseFromHubAnswer(answer, answer.operation, params);
}

export interface AnswersSyncDeps {
  db: ReadableDB;
  ingest: Ingester;
  team: TeamSyncRepository;
  log: Logger;
  nowIso: () => string;
  batchSize: number;
}

export function createAnswersSync(deps: AnswersSyncDeps) {
  const { db, team } = deps;
  return {
    pending: (): number => team.answersToPushCount(team.watermark(ANSWERS_PUSHED)),

    async push(session: HubSession): Promise<number> {
      let pushed = 0;
      for (;;) {
        const rows = team.answersToPush(team.watermark(ANSWERS_PUSHED), deps.batchSize);
        if (rows.length === 0) return pushed;
        pushed += await appendInOrder(session.db, (tx) => createSyncAnswersRepository(tx).pushMany(session.deskId, rows.map(toHubAnswer)));
        writeTransaction(db, (tx) => team.setWatermark(tx, ANSWERS_PUSHED, rows[rows.length - 1]!.id));
      }
    },

    async pull(session: HubSession): Promise<number> {
      const hub = createAnswersRepository(session.db);
      let stored = 0;
      for (;;) {
        const answers = await hub.since(team.watermark(ANSWERS_PULLED), deps.batchSize);
        if (answers.length === 0) return stored;
        const names = await memberNames(session);
        writeTransaction(db, (tx) => {
          for (const answer of answers) {
            if (answer.member === session.deskId) continue;
            const response = responseOf(answer);
            const aside = (why: string) => {
              team.setAside(tx, 'answer', answer.seq, `The answer ${answer.requestId.slice(0, 80)} was kept aside: ${why}.`, deps.nowIso());
              deps.log.warn('team sync: a pulled answer was kept aside', { seq: answer.seq, why });
            };
            if (typeof response === 'string') {
              aside(response);
              continue;
            }
            try {
              // A savepoint per answer: one that fails leaves nothing half-written and stops no other.
              // Pulled: its custody entry is the colleague's own, which arrives with their changes.
              const result = writeTransaction(db, (inner) => deps.ingest.within(inner, { ...response, pulled: true }));
              if (!result.alreadyStored) {
                team.recordFetcher(tx, result.responseId, answer.member, names.get(answer.member) ?? 'a colleague', true);
                stored += 1;
              }
            } catch (error) {
              aside(`this desk could not store it (${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'})`);
            }
          }
          team.setWatermark(tx, ANSWERS_PULLED, answers[answers.length - 1]!.seq);
        });
      }
    },
  };
}

async function memberNames(session: HubSession): Promise<Map<string, string>> {
  return new Map((await createMembersRepository(session.db).list()).map((m) => [m.deskId, m.name]));
}
