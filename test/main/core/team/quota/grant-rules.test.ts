import { describe, expect, it } from 'vitest';
import type { GrantFacts } from '../../../../../src/main/core/store/hub';
import { answerToResponse } from '../../../../../src/main/core/team/answer-response';
import { decideGrant } from '../../../../../src/main/core/team/quota/grant-rules';
import { tokenNoticeMessage } from '../../../../../src/main/core/team/quota';

const WINDOW = 60_000;
const NOW = Date.parse('2026-03-02T10:00:00Z');
const LIMITS = { perMinute: 4, perDay: 100 };

/** Facts with `grants` as [member, seconds ago] settled at once. */
function facts(partial: Partial<GrantFacts> & { grants?: [string, number][] }): GrantFacts {
  const minute = (partial.grants ?? [])
    .map(([member, secondsAgo]) => ({ member, at: NOW - secondsAgo * 1000, priority: 0, leavesAt: NOW - secondsAgo * 1000 + WINDOW }))
    .sort((a, b) => a.leavesAt - b.leavesAt);
  return { now: NOW, deskId: 'ana', priority: 0, minute, dayCount: minute.length, dayFreesAt: NOW, demands: [], ...partial };
}

describe('the team quota’s rules', () => {
  it('grants while the window has room, and names when a full one frees a slot', () => {
    expect(
      decideGrant(
        facts({
          grants: [
            ['ben', 50],
            ['ben', 30],
            ['ana', 10],
          ],
        }),
        LIMITS,
        WINDOW,
      ),
    ).toEqual({ grant: true });
    const full = facts({
      grants: [
        ['ben', 50],
        ['ben', 30],
        ['ana', 10],
        ['ana', 5],
      ],
    });
    expect(decideGrant(full, LIMITS, WINDOW)).toEqual({ grant: false, notBefore: NOW + 10_000 });
  });

  it('holds everything once the day is spent, until the day frees', () => {
    const spent = facts({ dayCount: 100, dayFreesAt: NOW + 3_600_000 });
    expect(decideGrant(spent, LIMITS, WINDOW)).toEqual({ grant: false, notBefore: NOW + 3_600_000 });
    expect(decideGrant({ ...spent, priority: 1 }, LIMITS, WINDOW)).toMatchObject({ grant: false });
  });

  it('keeps the minute’s last slot for a call waiting anywhere in the team', () => {
    const lastSlot = facts({
      grants: [
        ['ana', 50],
        ['ana', 30],
        ['ana', 10],
      ],
      demands: [{ member: 'ben', calls: 1, bulk: 0 }],
    });
    expect(decideGrant(lastSlot, LIMITS, WINDOW)).toEqual({ grant: false, notBefore: NOW + 10_000 });
    expect(decideGrant({ ...lastSlot, deskId: 'ben', priority: 1 }, LIMITS, WINDOW)).toEqual({ grant: true });
    // Not the last slot: bulk work goes on beside the waiting call.
    expect(decideGrant({ ...lastSlot, minute: lastSlot.minute.slice(2) }, LIMITS, WINDOW)).toEqual({ grant: true });
  });

  it('holds a desk at its part of the minute while a colleague with a backlog is owed the rest', () => {
    const waitingColleague = [{ member: 'ben', calls: 0, bulk: 5 }];
    const atPart = facts({
      grants: [
        ['ana', 40],
        ['ana', 20],
      ],
      demands: waitingColleague,
    });
    expect(decideGrant(atPart, LIMITS, WINDOW)).toEqual({ grant: false, notBefore: NOW + 20_000 });
    // Nobody else waiting: the whole minute is this desk's.
    expect(
      decideGrant(
        facts({
          grants: [
            ['ana', 40],
            ['ana', 20],
            ['ana', 10],
          ],
        }),
        LIMITS,
        WINDOW,
      ),
    ).toEqual({ grant: true });
  });
});

describe('a colleague’s answer as this desk’s', () => {
  it('keeps the original request id and fetch time, and reads data from the body', () => {
    const body = JSON.stringify({ success: true, data: { id: 'v1' }, meta: { request_id: 'req_first' } });
    const pulled = {
      seq: 1,
      requestId: 'req_first',
      bodySha256: 'x',
      operation: 'videosite/video',
      params: { url: 'from the hub' },
      requestUrl: 'https://service.example/api/videosite/video?url=x',
      status: 200,
      fetchedAt: '2026-03-02T09:00:00.000Z',
      durationMs: 120,
      nextPage: null,
      member: 'desk',
      body,
      demo: false,
    };
    const response = answerToResponse(pulled, 'videosite/video', { url: 'mine' });
    expect(response).toMatchObject({ requestId: 'req_first', fetchedAt: '2026-03-02T09:00:00.000Z', data: { id: 'v1' }, body });
    expect(response?.params).toEqual({ url: 'mine' });
    expect(answerToResponse({ ...pulled, body: 'not json' }, 'videosite/video', {})).toBeNull();
  });

  it('says when the team’s token changed and whose desk saw it', () => {
    expect(tokenNoticeMessage({ changedAt: '2026-03-02T14:02:31.000Z', seenBy: 'Ana' })).toMatch(
      /^The team’s token changed at 14:02 UTC, seen by Ana’s desk\./,
    );
  });
});
