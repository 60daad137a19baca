import { GleanerError } from '../../../shared/errors';

export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new GleanerError('INVALID_INPUT', `--port must be a whole number from 0 to 65535, not ${JSON.stringify(value)}.`);
  }
  return port;
}
