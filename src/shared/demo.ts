/**
 * The demo mark: what an item read from an answer of Gleaner's built-in demo service carries
 * wherever a person or a tool reads it, so invented data never passes for real. The words are
 * here, once; the window, the CLI, every citation style and every export format take them.
 *
 * An item is demo data when any answer it was read from is (a real answer that brought the same
 * item later does not make the demo's fields real); whether an answer is, is decided once, when
 * it is stored.
 */

/** The badge beside a demo item in lists and detail. */
export const DEMO_BADGE = 'Demo';

/** What the mark means, in one sentence. */
export const DEMO_SENTENCE = 'Demo data, invented by Gleaner’s demo service, not taken from any platform.';

/** The same words inside a sentence ("these are …"). */
export const DEMO_WORDS = 'demo data, invented by Gleaner’s demo service, not taken from any platform';

/** The lines an export for people writes for an item: the sentence for a demo item, none for a real one. */
export const demoLines = (item: { demo?: boolean }): string[] => (item.demo === true ? [DEMO_SENTENCE] : []);

/** The file name of an export of demo items, for a format with no place for a note (SRT): `name-demo.srt`. */
export const demoFileName = (name: string, extension: string): string => `${name}-demo.${extension}`;

/** The citation of a demo item leads with the mark, so that no pasted reference loses it. */
export const withDemoMark = (reference: string, demo: boolean | undefined): string =>
  demo === true ? `[${DEMO_SENTENCE}] ${reference}` : reference;
