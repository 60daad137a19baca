/** The watch lines of `gleaner items show`: platform and service words printed inert, on one line. */
import { describe, expect, it } from 'vitest';
import { availabilityLines, versionLines } from '../../../../src/main/hosts/cli/commands/item-history';
import type { ItemDetail } from '../../../../src/shared/library';

const detail = (over: Partial<ItemDetail>): ItemDetail => over as ItemDetail;
const version = (changedFields: string[], title: string, text: string | null = null) => ({
  responseId: 1,
  requestId: 'req_1',
  sha256: 'a'.repeat(64),
  fetchedAt: '2026-01-01T00:00:00.000Z',
  title,
  text,
  authorName: null,
  changedFields,
});

describe('item history lines', () => {
  it('drops terminal escapes and line breaks from the service’s words and the platform’s text', () => {
    const [status] = availabilityLines(
      detail({ availability: { state: 'unavailable', since: '2026-01-02T00:00:00.000Z', words: 'gone\u001b[2J\nnow', requestId: null } }),
    );
    // The escape character itself is dropped, so what is left of the sequence prints as plain text.
    expect(status).toBe(
      'Status:     unavailable since 2026-01-02T00:00:00.000Z — the service said: “gone[2J now” (no request id in the answer); its earlier versions, transcript and notes are kept',
    );
    const lines = versionLines(detail({ versions: [version([], 'Old'), version(['title'], 'New\u001b]0;x\u0007\ntitle')] }));
    const controls = [...lines.join('\n')].filter((char) => char !== '\n' && char.charCodeAt(0) < 0x20);
    expect(controls).toEqual([]);
    expect(lines).toContain('    title: New]0;x title');
  });

  it('shows only the fields a version changed, and cuts long text', () => {
    const lines = versionLines(detail({ versions: [version([], 'T', 'x'.repeat(500)), version(['text'], 'T', 'y'.repeat(500))] }));
    // The first version as kept (title and text), then the one that changed: its text only.
    expect(lines[1]).toMatch(/^ {2}\S+ {2}as first kept {2}\(request req_1, sha256 a{64}\)$/);
    expect(lines[4]).toMatch(/^ {2}\S+ {2}changed: text {2}\(request req_1, sha256 a{64}\)$/);
    expect(lines[5]).toBe(`    text:  ${'y'.repeat(159)}…`);
    expect(lines).toHaveLength(6);
  });

  it('says nothing for an item shown once and unchanged, or never fetched again', () => {
    expect(versionLines(detail({ versions: [version([], 'T')] }))).toEqual([]);
    expect(availabilityLines(detail({}))).toEqual([]);
  });
});
