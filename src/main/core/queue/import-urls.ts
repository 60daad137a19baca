/** Moved to usecases/import-urls: kept here while the CLI still imports it from the queue. */
export { MAX_IMPORT_LINES, planImport, type ImportOptions } from '../usecases/import-urls';
