/**
 * CSV for data tools (pandas, R, csvkit): the spreadsheet CSV's columns and RFC 4180 quoting,
 * with every value as the platform gave it: no apostrophe before `-lS8FzY9aUM` or `@handle`, a
 * negative count a number. No byte-order mark, which a data tool would read into the first
 * column's name. A spreadsheet opening it may run formula-like cells: the dialog and
 * `gleaner export --help` say so (EXPORT_FLAVOURS).
 */
import { verbatimCell } from '../text';
import { createCsvFormat } from './csv';
import type { FormatModule } from './types';

export const csvDataFormat: FormatModule = createCsvFormat('csv-data', { byteOrderMark: false, cell: verbatimCell });
