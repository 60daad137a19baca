/**
 * The subtitle writers on their own: what a file starts with, whatever the runner ends up
 * writing into it.
 */
import { WebVTTParser } from 'webvtt-parser';
import { describe, expect, it } from 'vitest';
import { vttFormat } from '../../../../../src/main/core/export/formats/subtitles';
import type { ExportContext } from '../../../../../src/main/core/export/formats/types';

const context: ExportContext = {
  scope: { kind: 'all' },
  scopeLabel: 'whole library',
  exportedAt: '2026-01-06T07:08:09.000Z',
  timeZone: 'UTC',
  appVersion: '0.0.0-test',
};

describe('subtitle writers', () => {
  it('start every WebVTT file with its header, even one whose transcript was skipped', () => {
    const writer = vttFormat.transcripts!(context);
    // A file the runner opened and closed without a transcript it could write.
    const file = writer.begin() + writer.end();
    expect(file).toBe('WEBVTT\n\n');
    expect(new WebVTTParser().parse(file, 'metadata').errors).toEqual([]);
  });
});
