/**
 * Transcript languages, one spelling each. The service names a transcript's language in words
 * ("English") while requests and users give a code ("en"), and the video details answer states
 * none; stored as they came, one language made separate transcripts of one item ("English"
 * next to "en"), and `--language en` found nothing. The library keeps a BCP 47 tag ("en",
 * "pt-BR"), shows its English name, and keeps a name it cannot place exactly as given rather
 * than guess (so "English (auto-generated)" stays a language of its own).
 */

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** Three-letter codes with no two-letter one, as video platforms list them. */
const THREE_LETTER = ['fil', 'haw', 'yue', 'ceb', 'hmn', 'chr', 'ast', 'gsw', 'kok', 'mai', 'sat', 'mni', 'nso', 'yue-Hant'];
/** Tags with a region or script that platforms name ("Chinese (Simplified)", "Portuguese (Brazil)"). */
const VARIANTS = [
  'zh-Hans',
  'zh-Hant',
  'zh-CN',
  'zh-TW',
  'zh-HK',
  'en-US',
  'en-GB',
  'en-AU',
  'en-CA',
  'en-IN',
  'en-IE',
  'en-NZ',
  'pt-BR',
  'pt-PT',
  'es-ES',
  'es-MX',
  'es-419',
  'es-US',
  'fr-CA',
  'fr-FR',
  'fr-CH',
  'de-AT',
  'de-CH',
  'de-DE',
  'nl-BE',
  'sr-Latn',
  'sr-Cyrl',
  'it-CH',
  'ar-EG',
  'ar-SA',
];
/** What a tag looks like: a 2–3 letter language, then subtags (script, region, variant). */
const TAG = /^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/;

let byName: Map<string, string> | null = null;
// The first DisplayNames loads Intl's language names (about 0.1 s): made on first use, so a
// command that never names a language (gleaner search, --help) does not wait for them.
let displayNames: { standard: Intl.DisplayNames; dialect: Intl.DisplayNames } | null = null;
const englishNames = (languageDisplay: 'standard' | 'dialect' = 'standard'): Intl.DisplayNames =>
  (displayNames ??= {
    standard: new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none', languageDisplay: 'standard' }),
    dialect: new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none', languageDisplay: 'dialect' }),
  })[languageDisplay];

function canonicalTag(text: string): string | null {
  try {
    return Intl.getCanonicalLocales(text.replace(/_/g, '-'))[0] ?? null;
  } catch {
    return null;
  }
}

/** Lower-cased names (in English, and each language's own) to tags; built on first use. */
function names(): Map<string, string> {
  if (byName) return byName;
  const map = new Map<string, string>();
  const add = (name: string | undefined, tag: string): void => {
    const key = name?.trim().toLowerCase();
    if (key && !map.has(key)) map.set(key, tag);
  };
  const codes: string[] = [];
  for (const a of LETTERS) for (const b of LETTERS) if (englishNames().of(a + b) !== undefined) codes.push(a + b);
  const tags = [...new Set([...codes, ...THREE_LETTER, ...VARIANTS].map((code) => canonicalTag(code) ?? code))];
  // English names first, so that no language's own name can take one of them.
  for (const tag of tags) {
    add(englishNames().of(tag), tag);
    add(englishNames('dialect').of(tag), tag);
  }
  for (const tag of tags) {
    try {
      add(new Intl.DisplayNames([tag], { type: 'language', fallback: 'none' }).of(tag), tag);
    } catch {
      // No data for this tag's own language: its English name is enough.
    }
  }
  byName = map;
  return map;
}

/**
 * The one spelling the library keeps for a language: a BCP 47 tag when the text is a tag or
 * names one exactly ("English" → "en", "Portuguese (Brazil)" → "pt-BR", "EN_us" → "en-US"),
 * otherwise the text as given, trimmed. Unstated (null, blank) is "".
 */
export function canonicalLanguage(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  if (text === '') return '';
  if (TAG.test(text)) {
    const tag = canonicalTag(text);
    if (tag !== null && englishNames().of(tag) !== undefined) return tag;
  }
  return names().get(text.toLowerCase()) ?? text;
}

/**
 * How to show a stored language to a person: "English (en)", "English (United States, en-US)";
 * text the library could not place, as it is; "" stays "".
 */
export function languageLabel(language: string | null | undefined): string {
  if (!language) return '';
  const tag = TAG.test(language) ? canonicalTag(language) : null;
  const name = tag !== null && tag === language ? englishNames().of(tag) : undefined;
  if (name === undefined) return language;
  return name.endsWith(')') ? `${name.slice(0, -1)}, ${tag})` : `${name} (${tag})`;
}

/** Whether two languages are one, for picking among a response's alternatives ("English" and "en-GB" are). */
export function sameBaseLanguage(a: string | null | undefined, b: string | null | undefined): boolean {
  const x = canonicalLanguage(a);
  const y = canonicalLanguage(b);
  if (x === '' || y === '') return false;
  return x.toLowerCase() === y.toLowerCase() || x.split('-')[0]!.toLowerCase() === y.split('-')[0]!.toLowerCase();
}
