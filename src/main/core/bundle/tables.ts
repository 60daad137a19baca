/**
 * A bundle's tables, each written twice from the library: a JSON array (one record a line, so a
 * reader can also take it line by line) and a CSV with a header, for spreadsheets and data
 * tools. A zip's entries are written one after another, so the rows are read once per file
 * rather than held: memory stays flat for any number of items.
 */
import type { BundleZipWriter, WrittenFile } from './zip-writer';

type CsvValue = string | number | boolean | null;

/**
 * RFC 4180: a cell with a comma, quote, line break, semicolon or tab is quoted, quotes doubled;
 * every value as given (for data tools: the bundle is evidence, so nothing is altered). Written
 * here rather than with csv-stringify, whose per-call set-up cost 15 s over 100,000 items.
 */
export function csvRecord(values: readonly CsvValue[]): string {
  return `${values
    .map((value) => {
      if (value === null) return '';
      const text = String(value);
      return /[",\r\n;\t]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
    })
    .join(',')}\r\n`;
}

export interface TableSpec<Row> {
  json: string;
  csv: string;
  columns: readonly string[];
  /** One or more CSV rows for a record (a transcript gives one per segment). */
  toCsv(row: Row): CsvValue[][];
}

export async function writeTable<Row>(
  zip: BundleZipWriter,
  spec: TableSpec<Row>,
  rows: () => Iterable<Row>,
  checkCancelled: () => void = () => undefined,
  /** Sees each row of the JSON pass (the bundle notes its item ids there rather than reading them a third time). */
  onRow: (row: Row) => void = () => undefined,
): Promise<WrittenFile[]> {
  const json = zip.open(spec.json);
  let first = true;
  await json.write('[');
  for (const row of rows()) {
    checkCancelled();
    await json.write(`${first ? '\n' : ',\n'}${JSON.stringify(row)}`);
    onRow(row);
    first = false;
  }
  await json.write(first ? ']\n' : '\n]\n');
  const files = [await json.close()];
  const csv = zip.open(spec.csv);
  await csv.write(csvRecord(spec.columns));
  for (const row of rows()) {
    checkCancelled();
    for (const values of spec.toCsv(row)) await csv.write(csvRecord(values));
  }
  files.push(await csv.close());
  return files;
}
