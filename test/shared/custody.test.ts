import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  custodyEntryHash,
  GENESIS_HASH,
  verifyChain,
  verifyLinks,
  type CustodyEntry,
  type CustodySubject,
} from '../../src/shared/custody';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function chainOf(contents: { actor: string; action: string; subject: CustodySubject }[]): CustodyEntry[] {
  const entries: CustodyEntry[] = [];
  contents.forEach((content, index) => {
    const partial = {
      seq: index + 1,
      at: `2026-01-01T00:00:${String(index % 60).padStart(2, '0')}.000Z`,
      actor: content.actor,
      kind: 'note' as const,
      action: content.action,
      subject: content.subject,
      prevHash: index === 0 ? GENESIS_HASH : entries[index - 1]!.hash,
    };
    entries.push({ ...partial, hash: custodyEntryHash(partial, sha256) });
  });
  return entries;
}

const subjectArb: fc.Arbitrary<CustodySubject> = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 8 }),
  fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 })),
  { maxKeys: 4 },
);
const contentArb = fc.record({ actor: fc.string({ minLength: 1 }), action: fc.string({ minLength: 1 }), subject: subjectArb });
const chainArb = fc.array(contentArb, { minLength: 2, maxLength: 12 }).map(chainOf);

describe('canonicalJson', () => {
  it('sorts keys at every depth, keeps arrays in order and writes no spaces', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,1]},"b":1}');
  });

  it('gives the same text for the same value whatever the key order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (object) => {
        const reversed = Object.fromEntries(Object.entries(object).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(object));
        expect(JSON.parse(canonicalJson(object))).toEqual(JSON.parse(JSON.stringify(object)));
      }),
    );
  });

  it('refuses numbers that have no JSON form', () => {
    expect(() => canonicalJson({ a: Number.NaN })).toThrow(TypeError);
  });
});

describe('verifyChain', () => {
  it('passes an untouched chain', () => {
    fc.assert(
      fc.property(chainArb, (chain) => {
        expect(verifyChain(chain, sha256)).toBeNull();
      }),
    );
  });

  it('names the entry where one was removed', () => {
    fc.assert(
      fc.property(chainArb, fc.nat(), (chain, pick) => {
        const index = pick % chain.length;
        // Removing the last entry leaves a valid shorter chain: what a bundle's head link and signature are for.
        fc.pre(index < chain.length - 1);
        const broken = [...chain.slice(0, index), ...chain.slice(index + 1)];
        expect(verifyChain(broken, sha256)).toBe(index + 1);
      }),
    );
  });

  it('detects two entries swapped', () => {
    fc.assert(
      fc.property(chainArb, fc.nat(), (chain, pick) => {
        const index = pick % (chain.length - 1);
        const swapped = [...chain];
        [swapped[index], swapped[index + 1]] = [swapped[index + 1]!, swapped[index]!];
        expect(verifyChain(swapped, sha256)).toBe(index + 1);
      }),
    );
  });

  it('detects any changed character in any field of an entry, and any change to its subject', () => {
    const fields = ['at', 'actor', 'action', 'prevHash', 'hash'] as const;
    fc.assert(
      fc.property(chainArb, fc.nat(), fc.constantFrom(...fields), fc.nat(), (chain, pick, field, position) => {
        const index = pick % chain.length;
        const entry = chain[index]!;
        const text = entry[field];
        const at = position % text.length;
        const changed = { ...entry, [field]: `${text.slice(0, at)}${text[at] === 'a' ? 'b' : 'a'}${text.slice(at + 1)}` };
        const tampered = chain.map((e, i) => (i === index ? changed : e));
        // A changed hash shows at its entry; a changed content at its entry too (its hash no longer fits).
        expect(verifyChain(tampered, sha256)).toBe(index + 1);
      }),
    );
    fc.assert(
      fc.property(chainArb, fc.nat(), fc.string({ minLength: 1 }), fc.jsonValue(), (chain, pick, key, value) => {
        const index = pick % chain.length;
        const entry = chain[index]!;
        const subject = { ...entry.subject, [key]: value } as CustodySubject;
        fc.pre(canonicalJson(subject) !== canonicalJson(entry.subject));
        const tampered = chain.map((e, i) => (i === index ? { ...entry, subject } : e));
        expect(verifyChain(tampered, sha256)).toBe(index + 1);
      }),
    );
  });

  it('continues from a given link, and checks links alone', () => {
    const chain = chainOf([1, 2, 3, 4].map((n) => ({ actor: 'desk', action: 'set', subject: { n } })));
    expect(verifyChain(chain.slice(2), sha256, chain[1])).toBeNull();
    expect(verifyChain(chain.slice(2), sha256)).toBe(1);
    expect(verifyLinks(chain)).toBeNull();
    expect(verifyLinks([chain[0]!, chain[2]!, chain[3]!])).toBe(2);
  });
});
