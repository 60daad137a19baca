import { describe, expect, it } from 'vitest';
import { hubAnswerParams, responseFromHubAnswer } from '../../../../src/main/core/team/answer-response';
import { responseOf } from '../../../../src/main/core/team/sync/answers-sync';
import type { PulledAnswer } from '../../../../src/main/core/store/hub';

const answer: PulledAnswer = {
  seq: 4,
  bodySha256: 'a'.repeat(64),
  member: 'desk-a',
  requestId: 'req_7',
  operation: 'videosite/video',
  params: { url: 'https://www.youtube.com/watch?v=abc' },
  requestUrl: 'http://127.0.0.1:9/api/videosite/video',
  status: 200,
  fetchedAt: '2026-11-27T10:00:00.000Z',
  durationMs: null,
  nextPage: null,
  body: '{"success":true,"data":{"id":"abc"}}',
  demo: false,
};

describe('a colleague’s answer read from the hub', () => {
  it('keeps its request id and fetch time, and reads data from the body as received', () => {
    expect(responseFromHubAnswer(answer, 'videosite/video', { url: 'u' })).toMatchObject({
      requestId: 'req_7',
      fetchedAt: '2026-11-27T10:00:00.000Z',
      durationMs: 0,
      params: { url: 'u' },
      data: { id: 'abc' },
      body: answer.body,
    });
    expect(responseFromHubAnswer({ ...answer, body: '{"oops"' }, 'videosite/video', {})).toBe('its body is not JSON');
    expect(responseFromHubAnswer({ ...answer, body: '[1]' }, 'videosite/video', {})).toBe('its body has no data');
  });

  it('takes the hub’s parameters only as names with text values, a name like __proto__ staying a plain key', () => {
    const odd = hubAnswerParams(JSON.parse('{"__proto__":"x","url":"u"}'));
    expect(odd).not.toBeNull();
    expect(Object.keys(odd!)).toEqual(['__proto__', 'url']);
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype);
    for (const bad of [null, 'text', ['u'], { url: 3 }, { url: { nested: 'x' } }, { '': 'x' }, { url: 'x'.repeat(5000) }]) {
      expect(hubAnswerParams(bad), JSON.stringify(bad)?.slice(0, 40)).toBeNull();
    }
  });

  it('is set aside by sync, with the reason, when its parameters are not text', () => {
    expect(responseOf({ ...answer, params: { url: 42 } as unknown as Record<string, string> })).toBe(
      'its parameters are not names with text values',
    );
    expect(responseOf({ ...answer, operation: 'nowhere/else' })).toMatch(/is not one this version knows/);
    expect(responseOf(answer)).toMatchObject({ operation: 'videosite/video', params: answer.params });
  });
});
