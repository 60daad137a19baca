import type { ExportFormat } from '../../../../shared/export';
import { csvFormat } from './csv';
import { jsonFormat, jsonLinesFormat } from './json';
import { markdownFormat } from './markdown';
import { plainTextFormat } from './plain-text';
import { srtFormat, vttFormat } from './subtitles';
import type { FormatModule } from './types';

export const FORMAT_MODULES: Readonly<Record<ExportFormat, FormatModule>> = {
  csv: csvFormat,
  md: markdownFormat,
  json: jsonFormat,
  jsonl: jsonLinesFormat,
  srt: srtFormat,
  vtt: vttFormat,
  txt: plainTextFormat,
};
