import { describe, expect, it } from 'vitest';
import { GleanerError } from '../../../../src/shared/errors';
import { TOKEN_MAX_LENGTH, TOKEN_MIN_LENGTH, validateToken } from '../../../../src/main/core/secrets/token-format';

function failure(raw: string): GleanerError {
  try {
    validateToken(raw);
  } catch (error) {
    if (error instanceof GleanerError) return error;
    throw error;
  }
  throw new Error('expected the token to be refused');
}

describe('token format', () => {
  it('accepts a token and trims what surrounds it', () => {
    expect(validateToken('tok_live_abcDEF123')).toBe('tok_live_abcDEF123');
    expect(validateToken('  tok_live_abcDEF123\r\n')).toBe('tok_live_abcDEF123');
    expect(validateToken('\uFEFFtok_live_abcDEF123\n')).toBe('tok_live_abcDEF123');
    expect(validateToken('aB3$%^&*()-_=+[]{}~.:/')).toBe('aB3$%^&*()-_=+[]{}~.:/');
  });

  it('accepts the length bounds and refuses one beyond them', () => {
    expect(validateToken('k'.repeat(TOKEN_MIN_LENGTH))).toHaveLength(TOKEN_MIN_LENGTH);
    expect(validateToken('k'.repeat(TOKEN_MAX_LENGTH))).toHaveLength(TOKEN_MAX_LENGTH);
    expect(failure('k'.repeat(TOKEN_MIN_LENGTH - 1)).message).toMatch(/too short/);
    expect(failure('k'.repeat(TOKEN_MAX_LENGTH + 1)).message).toMatch(/too long/);
    expect(TOKEN_MIN_LENGTH).toBe(8);
    expect(TOKEN_MAX_LENGTH).toBe(4096);
  });

  const refused: [string, string, RegExp][] = [
    ['empty', '', /empty/],
    ['only whitespace', ' \n\t ', /empty/],
    ['a space inside', 'tokZQ9 partTwoXY', /whitespace/],
    ['two lines', 'tokZQ9lineOne\ntokZQ9lineTwo', /line break/],
    ['a tab inside', 'tokZQ9\tpartTwoXY', /whitespace/],
    ['a non-ASCII letter', 'tokZQ9päßwörtXY', /printable ASCII/],
    ['a control character', 'tokZQ9\u0007bellXY', /printable ASCII/],
    ['a zero-width space', 'tokZQ9\u200BhiddenXY', /printable ASCII/],
    ['a Bearer prefix', 'Bearer tokZQ9secretXY', /without “Bearer ”/],
    ['a whole header', 'Authorization: Bearer tokZQ9secretXY', /without “Bearer ”/],
    ['too short', 'tokZQ9', /too short/],
  ];

  it.each(refused)('refuses %s as INVALID_INPUT without echoing it', (_name, raw, reason) => {
    const error = failure(raw);
    expect(error.code).toBe('INVALID_INPUT');
    expect(error.message).toMatch(reason);
    expect(error.message).toMatch(/Nothing was saved\.$/);
    expect(error.message).not.toMatch(/tokZQ9|secretXY|partTwo|line(One|Two)|päß|hidden|bell/);
  });

  it('does not say how long a refused token was', () => {
    expect(failure('x'.repeat(5000)).message).not.toContain('5000');
    expect(failure('abcdefg').message).not.toMatch(/\b7\b/);
  });
});
