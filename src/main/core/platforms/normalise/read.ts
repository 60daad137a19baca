// The readers moved to platforms/read/; this path stays for the library's ingest.
export * from '../read';
