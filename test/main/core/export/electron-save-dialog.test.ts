/** The desktop shell's export destination: a save dialog for a file, a folder picker for subtitles. */
import type { BrowserWindow } from 'electron';
import { describe, expect, it } from 'vitest';
import { createExportDestinationChooser, type DialogLike } from '../../../../src/main/electron/export-dialog';

function fakeDialog(answer: { canceled: boolean; filePath?: string; filePaths?: string[] }) {
  const calls: { kind: string; args: unknown[] }[] = [];
  const dialog = {
    showSaveDialog: async (...args: unknown[]) => {
      calls.push({ kind: 'save', args });
      return { canceled: answer.canceled, filePath: answer.filePath ?? '' };
    },
    showOpenDialog: async (...args: unknown[]) => {
      calls.push({ kind: 'open', args });
      return { canceled: answer.canceled, filePaths: answer.filePaths ?? [] };
    },
  } as unknown as DialogLike;
  return { dialog, calls };
}

const window = {} as BrowserWindow;

describe('export destination chooser', () => {
  it('asks for a file with the suggested name and the format as filter', async () => {
    const { dialog, calls } = fakeDialog({ canceled: false, filePath: '/home/ana/story.csv' });
    const choose = createExportDestinationChooser(
      () => dialog,
      () => window,
      () => '/home/ana/Documents',
    );
    expect(await choose({ defaultName: 'gleaner-story-2026-01-02.csv', folder: false, extension: 'csv' })).toBe('/home/ana/story.csv');
    expect(calls).toEqual([
      {
        kind: 'save',
        args: [
          window,
          expect.objectContaining({
            defaultPath: '/home/ana/Documents/gleaner-story-2026-01-02.csv',
            filters: [{ name: 'CSV', extensions: ['csv'] }],
          }),
        ],
      },
    ]);
  });

  it('asks for a folder when the format writes one file per transcript', async () => {
    const { dialog, calls } = fakeDialog({ canceled: false, filePaths: ['/home/ana/subs'] });
    const choose = createExportDestinationChooser(
      () => dialog,
      () => null,
      () => '/home/ana/Documents',
    );
    expect(await choose({ defaultName: 'gleaner-story-transcripts-2026-01-02', folder: true, extension: 'srt' })).toBe('/home/ana/subs');
    expect(calls[0]).toMatchObject({
      kind: 'open',
      args: [expect.objectContaining({ properties: expect.arrayContaining(['openDirectory', 'createDirectory']) })],
    });
  });

  it('answers null when the user dismisses the dialog', async () => {
    const { dialog } = fakeDialog({ canceled: true });
    const choose = createExportDestinationChooser(
      () => dialog,
      () => window,
      () => '/tmp',
    );
    expect(await choose({ defaultName: 'x.csv', folder: false, extension: 'csv' })).toBeNull();
    expect(await choose({ defaultName: 'x', folder: true, extension: 'vtt' })).toBeNull();
  });
});
