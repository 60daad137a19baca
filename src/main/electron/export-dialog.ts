/**
 * Where a desktop export goes: the system save dialog for one file, a folder picker for one
 * file per transcript. The path never crosses the bridge; the renderer only learns the name.
 */
import { join } from 'node:path';
import type { BrowserWindow, Dialog } from 'electron';
import type { ChooseExportDestination } from '../core';

export type DialogLike = Pick<Dialog, 'showSaveDialog' | 'showOpenDialog'>;

/** `dialog` is read only when an export starts: Electron's module is touched no earlier than needed. */
export function createExportDestinationChooser(
  getDialog: () => DialogLike,
  window: () => BrowserWindow | null,
  defaultFolder: () => string,
): ChooseExportDestination {
  return async ({ defaultName, folder, extension }) => {
    const dialog = getDialog();
    const parent = window();
    if (folder) {
      const options: Electron.OpenDialogOptions = {
        title: 'Choose an empty folder for the transcript files',
        defaultPath: defaultFolder(),
        buttonLabel: 'Export here',
        properties: ['openDirectory', 'createDirectory', 'promptToCreate'],
      };
      const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
      return result.canceled || !result.filePaths[0] ? null : result.filePaths[0];
    }
    const options: Electron.SaveDialogOptions = {
      title: 'Export',
      defaultPath: join(defaultFolder(), defaultName),
      buttonLabel: 'Export',
      filters: [{ name: extension.toUpperCase(), extensions: [extension] }],
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    };
    const result = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
    return result.canceled || !result.filePath ? null : result.filePath;
  };
}
