/**
 * A bundle's tables, each written twice from the library: a JSON array (one record a line, so a
 * reader can also take it line by line) and a CSV with a header, for spreadsheets and data
 * tools. The rows are read once and never held: the CSV is compressed into a temporary file
 * beside the zip while the JSON goes into it, so memory stays flat for any number of items.
 */
import { showBidiControls } from '../../../shared/format-characters';
import type { BundleZipWriter, WrittenFile } from './zip-writer';

type CsvValue = string | number | boolean | null;

const NEEDS_QUOTES = /[",\r\n;\t]/;
/** Rows are gathered into text about this long before each write. */
const BATCH_CHARS = 64 * 1024;

/**
 * RFC 4180: a cell with a comma, quote, line break, semicolon or tab is quoted, quotes doubled;
 * every value as given (for data tools: the bundle is evidence), except that a character that
 * would reorder the rest of the row where it is shown is written as its visible mark (⟨RLO⟩);
 * the bundle's JSON keeps every character. Written
 * here rather than with csv-stringify, whose per-call set-up cost 15 s over 100,000 items.
 */
export function csvRecord(values: readonly CsvValue[]): string {
  // One string grown in a loop: no array of cells per row (a bundle writes hundreds of thousands).
  let record = '';
  for (let index = 0; index < values.length; index += 1) {
    if (index > 0) record += ',';
    const value = values[index];
    if (value === null) continue;
    const text = typeof value === 'string' ? showBidiControls(value) : String(value);
    record += NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  }
  return `${record}\r\n`;
}

export interface TableSpec<Row> {
  json: string;
  csv: string;
  columns: readonly string[];
  /** A record's JSON text, when it comes written already (JSON.stringify otherwise). */
  toJson?(row: Row): string;
  /** One or more CSV rows for a record (a transcript gives one per segment). */
  toCsv(row: Row): CsvValue[][];
}

export async function writeTable<Row>(
  zip: BundleZipWriter,
  spec: TableSpec<Row>,
  rows: () => Iterable<Row>,
  checkCancelled: () => void = () => undefined,
  /** Sees each row once (the bundle notes its item ids there rather than reading them again). */
  onRow: (row: Row) => void = () => undefined,
): Promise<WrittenFile[]> {
  // One read of the rows for both files: the CSV is compressed aside and joined after the JSON.
  const json = zip.open(spec.json);
  const csv = zip.openAside(spec.csv);
  const toJson = spec.toJson ?? ((row: Row) => JSON.stringify(row));
  let first = true;
  let jsonText = '[';
  let csvText = csvRecord(spec.columns);
  for (const row of rows()) {
    checkCancelled();
    jsonText += `${first ? '\n' : ',\n'}${toJson(row)}`;
    for (const values of spec.toCsv(row)) csvText += csvRecord(values);
    onRow(row);
    first = false;
    // Written a batch at a time, not a row at a time: two awaits a row fewer.
    if (jsonText.length >= BATCH_CHARS) {
      await json.write(jsonText);
      jsonText = '';
    }
    if (csvText.length >= BATCH_CHARS) {
      await csv.write(csvText);
      csvText = '';
    }
  }
  await json.write(`${jsonText}${first ? ']\n' : '\n]\n'}`);
  if (csvText.length > 0) await csv.write(csvText);
  const jsonFile = await json.close();
  return [jsonFile, await csv.close()];
}
