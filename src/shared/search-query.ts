/**
 * The library's search syntax, parsed into a tree and written out as an FTS5 query in
 * which every term is quoted, so user text can never be read as FTS5 or SQL syntax.
 *
 *   climate policy        both words (AND is implied)
 *   "sea level"           a phrase
 *   clim*                 a prefix
 *   flood OR drought      either
 *   flood NOT insurance   the first without the second (also: -insurance)
 *   (a OR b) c            grouping
 *
 * Pure, and depends only on format-characters.ts: the renderer uses it to say what is wrong as
 * the user types.
 */
import { forMatching } from './format-characters';

export type QueryNode =
  | { type: 'term'; text: string; prefix: boolean }
  | { type: 'phrase'; text: string }
  | { type: 'and' | 'or'; children: QueryNode[] }
  | { type: 'not'; positive: QueryNode; negative: QueryNode };

export type ParsedQuery = { ok: true; node: QueryNode; fts: string } | { ok: false; message: string };

type Token =
  | { kind: 'word'; text: string; prefix: boolean }
  | { kind: 'phrase'; text: string }
  | { kind: 'and' | 'or' | 'not' | 'open' | 'close' | 'minus' };

const MAX_QUERY_LENGTH = 1000;
const MAX_TERMS = 64;
/**
 * How deep brackets may nest. FTS5's own parser runs out of stack at 25 to 33 levels of them
 * (fewer when a group holds a -word, which is written as a NOT of an AND) and says only
 * "parser stack overflow", so the limit is checked here, well below that, with a message that
 * says what to change.
 */
const MAX_DEPTH = 10;

function tokenize(input: string): Token[] | string {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const ch = input[i]!;
    if (/\s/.test(ch)) {
      i += 1;
    } else if (ch === '"') {
      const end = input.indexOf('"', i + 1);
      if (end === -1) return 'A quotation mark is not closed: add the closing " to end the phrase.';
      const text = input.slice(i + 1, end).trim();
      // A phrase without a letter or digit is dropped, as the same text unquoted is, so that
      // `guía "!!!"` finds what `guía` finds instead of nothing at all.
      if (/[\p{L}\p{N}]/u.test(text)) tokens.push({ kind: 'phrase', text });
      i = end + 1;
    } else if (ch === '(') {
      tokens.push({ kind: 'open' });
      i += 1;
    } else if (ch === ')') {
      tokens.push({ kind: 'close' });
      i += 1;
    } else if (ch === '-' && (tokens.length === 0 || /\s|\(/.test(input[i - 1] ?? ' '))) {
      tokens.push({ kind: 'minus' });
      i += 1;
    } else {
      let j = i;
      while (j < input.length && !/[\s"()]/.test(input[j]!)) j += 1;
      const raw = input.slice(i, j);
      i = j;
      if (raw === 'AND') tokens.push({ kind: 'and' });
      else if (raw === 'OR') tokens.push({ kind: 'or' });
      else if (raw === 'NOT') tokens.push({ kind: 'not' });
      else {
        const prefix = raw.endsWith('*');
        // Punctuation inside a word is left to the tokenizer of the index (it splits on it).
        const text = raw.replace(/\*+$/, '');
        if (/[\p{L}\p{N}]/u.test(text)) tokens.push({ kind: 'word', text, prefix });
        else if (prefix) return 'A * must follow the beginning of a word, as in clim*.';
      }
    }
  }
  return tokens;
}

/**
 * Grammar (lowest precedence first):
 *   or   := and ("OR" and)*
 *   and  := not (["AND"] not)*
 *   not  := unary ("NOT" unary)*
 *   unary:= "-" unary | "(" or ")" | word | phrase
 */
export function parseSearchQuery(raw: string): ParsedQuery {
  // The index leaves out invisible padding (a zero-width space inside a copied word); so does the query.
  const input = forMatching(raw);
  if (input.length > MAX_QUERY_LENGTH) return { ok: false, message: `A search is at most ${MAX_QUERY_LENGTH} characters.` };
  // SQLite reads a query string only up to a NUL, so control characters are spaces here.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
  const tokens = tokenize(input.replace(/[\u0000-\u001f\u007f]/g, ' '));
  if (typeof tokens === 'string') return { ok: false, message: tokens };
  if (tokens.length === 0) return { ok: false, message: 'Type a word to search for.' };
  let position = 0;
  let terms = 0;
  let depth = 0;
  const peek = () => tokens[position];
  class QueryError extends Error {}

  const parseOr = (): QueryNode => {
    const children = [parseAnd()];
    while (peek()?.kind === 'or') {
      position += 1;
      if (!peek() || peek()?.kind === 'close') throw new QueryError('OR needs a word after it.');
      children.push(parseAnd());
    }
    return children.length === 1 ? children[0]! : { type: 'or', children };
  };
  const parseAnd = (): QueryNode => {
    const children = [parseNot()];
    for (;;) {
      const next = peek();
      if (!next || next.kind === 'or' || next.kind === 'close') break;
      if (next.kind === 'and') {
        position += 1;
        if (!peek() || peek()?.kind === 'close' || peek()?.kind === 'or') throw new QueryError('AND needs a word after it.');
      }
      children.push(parseNot());
    }
    // "-word" terms inside an AND become NOT clauses of the positive part.
    const positives = children.filter((c) => !(c.type === 'not' && isPureNegation(c)));
    const negatives = children.filter((c) => c.type === 'not' && isPureNegation(c)).map((c) => (c as { negative: QueryNode }).negative);
    if (positives.length === 0) throw new QueryError('A search cannot only exclude words: add a word to look for.');
    let node: QueryNode = positives.length === 1 ? positives[0]! : { type: 'and', children: positives };
    for (const negative of negatives) node = { type: 'not', positive: node, negative };
    return node;
  };
  const parseNot = (): QueryNode => {
    let node = parseUnary();
    while (peek()?.kind === 'not') {
      // A -word is resolved by the AND it stands in; as a side of NOT it would reach FTS5 as an
      // empty term, and the search would quietly find nothing or exclude nothing.
      if (isPureNegation(node)) throw new QueryError('NOT needs a word to look for on its left, not a -word, as in flood NOT insurance.');
      position += 1;
      if (!peek() || peek()?.kind === 'close' || peek()?.kind === 'or') throw new QueryError('NOT needs a word after it.');
      const negative = parseUnary();
      if (isPureNegation(negative))
        throw new QueryError('NOT and - both exclude the word after them: use one, as in flood NOT insurance or flood -insurance.');
      node = { type: 'not', positive: node, negative };
    }
    return node;
  };
  const parseUnary = (): QueryNode => {
    const token = tokens[position];
    position += 1;
    if (!token) throw new QueryError('The search ends too early.');
    switch (token.kind) {
      case 'minus':
        if (!peek() || ['close', 'or', 'and', 'not', 'minus'].includes(peek()!.kind))
          throw new QueryError('A - must be followed by the word to exclude.');
        return { type: 'not', positive: NEGATION_MARK, negative: parseUnary() };
      case 'open': {
        if (peek()?.kind === 'close') throw new QueryError('Empty brackets: put words between ( and ).');
        depth += 1;
        if (depth > MAX_DEPTH)
          throw new QueryError(`Brackets can be nested at most ${MAX_DEPTH} deep: take out some of the inner ( and ).`);
        const inner = parseOr();
        if (peek()?.kind !== 'close') throw new QueryError('A bracket is not closed: add the missing ).');
        position += 1;
        depth -= 1;
        return inner;
      }
      case 'word':
        terms += 1;
        return { type: 'term', text: token.text, prefix: token.prefix };
      case 'phrase':
        terms += 1;
        return { type: 'phrase', text: token.text };
      case 'close':
        throw new QueryError('There is a ) without a matching (.');
      default:
        throw new QueryError(`${token.kind.toUpperCase()} needs words on both sides.`);
    }
  };

  try {
    const node = parseOr();
    if (position < tokens.length) throw new QueryError('There is a ) without a matching (.');
    if (terms > MAX_TERMS) throw new QueryError(`A search can use at most ${MAX_TERMS} words.`);
    return { ok: true, node, fts: toFts(node) };
  } catch (error) {
    if (error instanceof QueryError) return { ok: false, message: error.message };
    throw error;
  }
}

/** Marks the positive side of a bare "-word", resolved by the enclosing AND. */
const NEGATION_MARK: QueryNode = { type: 'term', text: '', prefix: false };
const isPureNegation = (node: QueryNode): boolean => node.type === 'not' && node.positive === NEGATION_MARK;

const quote = (text: string): string => `"${text.replace(/"/g, '""')}"`;

export function toFts(node: QueryNode): string {
  switch (node.type) {
    case 'term':
      return node.prefix ? `${quote(node.text)}*` : quote(node.text);
    case 'phrase':
      return quote(node.text);
    case 'and':
      return node.children.map((c) => wrap(c)).join(' AND ');
    case 'or':
      return node.children.map((c) => wrap(c)).join(' OR ');
    case 'not':
      return `${wrap(node.positive)} NOT ${wrap(node.negative)}`;
  }
}

const wrap = (node: QueryNode): string => (node.type === 'term' || node.type === 'phrase' ? toFts(node) : `(${toFts(node)})`);
