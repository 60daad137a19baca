import type { ExportFormat } from '../../../../shared/export';
import { csvFormat } from './csv';
import { csvDataFormat } from './csv-data';
import { jsonFormat, jsonLinesFormat } from './json';
import { markdownFormat } from './markdown';
import { plainTextFormat } from './plain-text';
import { srtFormat, vttFormat } from './subtitles';
import type { FormatModule } from './types';
import { xlsxFormat } from './xlsx';

export const FORMAT_MODULES: Readonly<Record<ExportFormat, FormatModule>> = {
  csv: csvFormat,
  'csv-data': csvDataFormat,
  xlsx: xlsxFormat,
  md: markdownFormat,
  json: jsonFormat,
  jsonl: jsonLinesFormat,
  srt: srtFormat,
  vtt: vttFormat,
  txt: plainTextFormat,
};
