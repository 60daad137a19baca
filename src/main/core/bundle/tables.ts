/**
 * A bundle's tables, each written twice from the library: a JSON array (one record a line, so a
 * reader can also take it line by line) and a CSV with a header, for spreadsheets and data
 * tools. A zip's entries are written one after another, so the rows are read once per file
 * rather than held: memory stays flat for any number of items.
 */
import { stringify } from 'csv-stringify/sync';
import type { BundleZipWriter, WrittenFile } from './zip-writer';

type CsvValue = string | number | boolean | null;

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
): Promise<WrittenFile[]> {
  const json = zip.open(spec.json);
  let first = true;
  await json.write('[');
  for (const row of rows()) {
    checkCancelled();
    await json.write(`${first ? '\n' : ',\n'}${JSON.stringify(row)}`);
    first = false;
  }
  await json.write(first ? ']\n' : '\n]\n');
  const files = [await json.close()];
  const csv = zip.open(spec.csv);
  await csv.write(stringify([spec.columns as string[]]));
  for (const row of rows()) {
    checkCancelled();
    const lines = spec.toCsv(row);
    if (lines.length > 0) await csv.write(stringify(lines));
  }
  files.push(await csv.close());
  return files;
}
