import { describe, expect, it } from 'vitest';
import { readStoredToken, serviceOrigin, storedTokenValue, tokenElsewhereError } from '../../../../src/main/core/secrets/token-origin';

describe('a saved token and the address it belongs to', () => {
  it('is kept as the token, then its origin, and read back as both', () => {
    const value = storedTokenValue('tok_abc_0123456789', 'https://api.example.com');
    expect(value).toBe('tok_abc_0123456789 https://api.example.com');
    expect(readStoredToken(value)).toEqual({ token: 'tok_abc_0123456789', origin: 'https://api.example.com' });
    expect(storedTokenValue('tok_abc_0123456789', null)).toBe('tok_abc_0123456789');
  });

  it('reads an entry an older Gleaner saved (the token alone) as unbound, and anything else as a token', () => {
    expect(readStoredToken('tok_abc_0123456789')).toEqual({ token: 'tok_abc_0123456789', origin: null });
    // After a space, only an origin exactly as Gleaner writes it counts as one.
    for (const odd of ['tok x', 'tok https://api.example.com/', 'tok https://api.example.com/v1', 'tok demo', ' https://api.example.com']) {
      expect(readStoredToken(odd)).toEqual({ token: odd, origin: null });
    }
  });

  it('takes the origin of a base URL (scheme, host, port), none for the demo service', () => {
    expect(serviceOrigin('https://api.example.com/partner/v1')).toBe('https://api.example.com');
    expect(serviceOrigin('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
    expect(serviceOrigin('https://API.Example.com:443')).toBe('https://api.example.com');
    expect(serviceOrigin('demo')).toBeNull();
  });

  it('explains a refusal by naming both addresses and both ways out', () => {
    const error = tokenElsewhereError('https://api.example.com', 'https://api.exmaple.com');
    expect(error.code).toBe('TOKEN_ELSEWHERE');
    expect(error.message).toContain('saved for https://api.example.com');
    expect(error.message).toContain('now points at https://api.exmaple.com');
    expect(error.message).toContain('gleaner token allow https://api.exmaple.com');
    expect(error.message).toContain('set the base URL back');
  });
});
