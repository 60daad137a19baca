import { GleanerError } from '../../../shared/errors';
import { quoteInput } from '../../../shared/quote-input';

export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new GleanerError('INVALID_INPUT', `--port must be a whole number from 0 to 65535, not ${quoteInput(value)}.`);
  }
  return port;
}

export function parsePositiveInteger(value: string, flag: string, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new GleanerError('INVALID_INPUT', `${flag} must be a whole number from 1 to ${max}, not ${quoteInput(value)}.`);
  }
  return Number(value);
}

/** `name=value` words (the value may itself contain `=`, as links do). */
export function parseNameValuePairs(words: readonly string[]): Record<string, string> {
  // No prototype, so a parameter named __proto__ is just an (unknown) parameter.
  const params = Object.create(null) as Record<string, string>;
  for (const word of words) {
    const index = word.indexOf('=');
    if (index <= 0) throw new GleanerError('INVALID_INPUT', `Parameters are written name=value; ${quoteInput(word)} is not.`);
    const name = word.slice(0, index);
    if (Object.hasOwn(params, name)) throw new GleanerError('INVALID_INPUT', `The parameter ${name} is given twice.`);
    params[name] = word.slice(index + 1);
  }
  return params;
}
