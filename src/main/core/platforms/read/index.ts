/** The readers every platform normaliser shares, from one place. */
export * from './json';
export * from './time';
export * from './links';
export * from './item';
export * from './records';
export * from './timed-text';
export * from './segments';
export * from './transcripts';
export * from './find-transcript';
