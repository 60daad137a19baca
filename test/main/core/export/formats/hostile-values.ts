import type { ExportItem, ExportSegment } from '../../../../../src/main/core/store/export-records';
import { exportItem } from './fixtures';

/** Values that a spreadsheet would run or round, or that quoting must carry whole. */
export const NINETEEN_DIGITS = '1234567890123456789';

export const hostileItem = (): ExportItem =>
  exportItem({
    nativeId: '-lS8FzY9aUM',
    title: '=1+1',
    text: '+SUM(A1)\tand a tab,\r\na CRLF, a lone\rCR and 🙂\n\nnew paragraph "quoted"',
    authorName: '@mayabrooks',
    authorHandle: '@mayabrooks',
    authorId: NINETEEN_DIGITS,
    publishedText: '\t=cmd',
    likes: -3,
  });

export const hostileSegment: ExportSegment = { number: 1, startMs: 1500, endMs: 2500, text: '-lS8FzY9aUM said @x =1+1\nline 🙂' };
