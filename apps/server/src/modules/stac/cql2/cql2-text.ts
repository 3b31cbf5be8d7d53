import {
  type Comparison,
  CQL2_MAX_DEPTH,
  CQL2_MAX_TEXT,
  type Cql2,
  Cql2Error,
  type Cql2Geometry,
  type Cql2Scalar,
  type Cql2Spatial,
  checkSize,
  comparisons,
  dateLiteral,
  timestampLiteral,
} from './ast';

/**
 * CQL2 text (OGC 21-065r2 Annex B) for the subset of ast.ts, by recursive descent. Keywords
 * are case-insensitive; a property named like a keyword is written in double quotes.
 * Precedence: OR below AND below NOT, as in the standard.
 */

type Token =
  | { t: 'word'; v: string; at: number }
  | { t: 'quoted'; v: string; at: number }
  | { t: 'string'; v: string; at: number }
  | { t: 'number'; v: number; at: number }
  | { t: 'punct'; v: string; at: number }
  | { t: 'end'; at: number };

const NUMBER = /[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const WORD = /[\p{L}_:][\p{L}\p{N}\p{M}_:.\u203F\u2040]*/uy;
const PUNCT = /<>|<=|>=|[=<>(),[\]]/y;
const SPACE = /\s+/y;

function sticky(re: RegExp, text: string, at: number): string | null {
  re.lastIndex = at;
  return re.exec(text)?.[0] ?? null;
}

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const space = sticky(SPACE, text, at);
    if (space) {
      at += space.length;
      continue;
    }
    const c = text[at];
    if (c === "'" || c === '"') {
      let value = '';
      let i = at + 1;
      for (;;) {
        if (i >= text.length) throw new Cql2Error(`unterminated ${c === "'" ? 'string' : 'name'} at ${at}`);
        if (text[i] === c) {
          if (c === "'" && text[i + 1] === "'") {
            value += "'";
            i += 2;
            continue;
          }
          break;
        }
        value += text[i];
        i++;
      }
      tokens.push({ t: c === "'" ? 'string' : 'quoted', v: value, at });
      at = i + 1;
      continue;
    }
    const number = sticky(NUMBER, text, at);
    if (number) {
      const v = Number(number);
      if (!Number.isFinite(v)) throw new Cql2Error(`number out of range at ${at}`);
      tokens.push({ t: 'number', v, at });
      at += number.length;
      continue;
    }
    const word = sticky(WORD, text, at);
    if (word) {
      tokens.push({ t: 'word', v: word, at });
      at += word.length;
      continue;
    }
    const punct = sticky(PUNCT, text, at);
    if (punct) {
      tokens.push({ t: 'punct', v: punct, at });
      at += punct.length;
      continue;
    }
    throw new Cql2Error(`unexpected character "${c}" at ${at}`);
  }
  tokens.push({ t: 'end', at: text.length });
  return tokens;
}

const GEOMETRY_WORDS = new Set([
  'POINT',
  'LINESTRING',
  'POLYGON',
  'MULTIPOINT',
  'MULTILINESTRING',
  'MULTIPOLYGON',
  'GEOMETRYCOLLECTION',
  'BBOX',
  'ENVELOPE',
]);
/** Words that are never a bare property name. */
const RESERVED = new Set([
  'AND',
  'OR',
  'NOT',
  'LIKE',
  'ILIKE',
  'BETWEEN',
  'IN',
  'IS',
  'NULL',
  'TRUE',
  'FALSE',
  'TIMESTAMP',
  'DATE',
  'INTERVAL',
  ...GEOMETRY_WORDS,
]);

class Parser {
  private i = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.i + offset, this.tokens.length - 1)]!;
  }
  private next(): Token {
    const t = this.peek();
    if (t.t !== 'end') this.i++;
    return t;
  }
  private isWord(word: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.t === 'word' && t.v.toUpperCase() === word;
  }
  private isPunct(p: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.t === 'punct' && t.v === p;
  }
  private fail(what: string): never {
    const t = this.peek();
    const got = t.t === 'end' ? 'the end' : `"${String(t.v).slice(0, 30)}"`;
    throw new Cql2Error(`expected ${what} at ${t.at}, found ${got}`);
  }
  private word(word: string) {
    if (!this.isWord(word)) this.fail(word);
    this.next();
  }
  private punct(p: string) {
    if (!this.isPunct(p)) this.fail(`"${p}"`);
    this.next();
  }
  private nested<T>(f: () => T): T {
    if (++this.depth > CQL2_MAX_DEPTH) throw new Cql2Error(`the filter nests deeper than ${CQL2_MAX_DEPTH}`);
    try {
      return f();
    } finally {
      this.depth--;
    }
  }

  parse(): Cql2 {
    const tree = this.or();
    if (this.peek().t !== 'end') this.fail('AND, OR or the end of the filter');
    return tree;
  }

  private or(): Cql2 {
    const args = [this.and()];
    while (this.isWord('OR')) {
      this.next();
      args.push(this.and());
    }
    return args.length === 1 ? args[0]! : { op: 'or', args };
  }

  private and(): Cql2 {
    const args = [this.not()];
    while (this.isWord('AND')) {
      this.next();
      args.push(this.not());
    }
    return args.length === 1 ? args[0]! : { op: 'and', args };
  }

  private not(): Cql2 {
    if (this.isWord('NOT')) {
      this.next();
      return this.nested(() => ({ op: 'not', arg: this.not() }));
    }
    return this.primary();
  }

  private primary(): Cql2 {
    if (this.isPunct('(')) {
      this.next();
      const inner = this.nested(() => this.or());
      this.punct(')');
      return inner;
    }
    const t = this.peek();
    if (t.t === 'word' && /^S_[A-Z]+$/i.test(t.v) && this.isPunct('(', 1)) return this.spatial();
    if (t.t === 'word' && /^(T|A)_[A-Z]+$/i.test(t.v) && this.isPunct('(', 1))
      throw new Cql2Error(`${t.v} is not supported (temporal and array functions)`);
    if ((this.isWord('TRUE') || this.isWord('FALSE')) && !this.startsPredicate(1)) {
      this.next();
      return { op: 'boolean', value: this.isWordAt(t, 'TRUE') };
    }
    return this.predicate();
  }

  private isWordAt(t: Token, word: string) {
    return t.t === 'word' && t.v.toUpperCase() === word;
  }

  /** Whether the token at `offset` continues a scalar into a predicate (an operator follows). */
  private startsPredicate(offset: number): boolean {
    const t = this.peek(offset);
    if (t.t === 'punct') return comparisons.includes(t.v as Comparison);
    return t.t === 'word' && ['LIKE', 'ILIKE', 'BETWEEN', 'IN', 'IS', 'NOT'].includes(t.v.toUpperCase());
  }

  private predicate(): Cql2 {
    const left = this.scalar();
    const t = this.peek();
    if (t.t === 'punct' && comparisons.includes(t.v as Comparison)) {
      this.next();
      return { op: t.v as Comparison, left, right: this.scalar() };
    }
    if (this.isWord('IS')) {
      this.next();
      const negated = this.isWord('NOT') && !!this.next();
      this.word('NULL');
      const test: Cql2 = { op: 'isNull', value: left };
      return negated ? { op: 'not', arg: test } : test;
    }
    const negated = this.isWord('NOT') && !!this.next();
    let test: Cql2;
    if (this.isWord('LIKE') || this.isWord('ILIKE')) {
      const caseInsensitive = this.isWord('ILIKE');
      this.next();
      test = { op: 'like', left, pattern: this.scalar(), ...(caseInsensitive ? { caseInsensitive } : {}) };
    } else if (this.isWord('BETWEEN')) {
      this.next();
      const low = this.scalar();
      this.word('AND');
      test = { op: 'between', value: left, low, high: this.scalar() };
    } else if (this.isWord('IN')) {
      this.next();
      this.punct('(');
      const list = [this.scalar()];
      while (this.isPunct(',')) {
        this.next();
        list.push(this.scalar());
      }
      this.punct(')');
      test = { op: 'in', value: left, list };
    } else {
      return this.fail('a comparison, LIKE, BETWEEN, IN or IS NULL');
    }
    return negated ? { op: 'not', arg: test } : test;
  }

  private scalar(): Cql2Scalar {
    const t = this.peek();
    if (t.t === 'string' || t.t === 'number' || t.t === 'quoted') this.next();
    if (t.t === 'string') return { kind: 'string', value: t.v };
    if (t.t === 'number') return { kind: 'number', value: t.v };
    if (t.t === 'quoted') return { kind: 'property', name: t.v };
    if (t.t === 'word') {
      const upper = t.v.toUpperCase();
      if (upper === 'TRUE' || upper === 'FALSE') {
        this.next();
        return { kind: 'boolean', value: upper === 'TRUE' };
      }
      if (upper === 'TIMESTAMP' || upper === 'DATE') {
        this.next();
        this.punct('(');
        const s = this.peek();
        if (s.t !== 'string') return this.fail(`a quoted ${upper.toLowerCase()}`);
        this.next();
        this.punct(')');
        return upper === 'DATE' ? dateLiteral(s.v) : timestampLiteral(s.v);
      }
      if (this.isPunct('(', 1)) throw new Cql2Error(`function ${t.v.slice(0, 30)} is not supported`);
      if (!RESERVED.has(upper)) {
        this.next();
        return { kind: 'property', name: t.v };
      }
    }
    return this.fail('a property name or a literal');
  }

  private spatial(): Cql2 {
    const name = String((this.next() as { v: string }).v).toUpperCase();
    if (name !== 'S_INTERSECTS') throw new Cql2Error(`${name} is not supported (only S_INTERSECTS)`);
    this.punct('(');
    const left = this.spatialOperand();
    this.punct(',');
    const right = this.spatialOperand();
    this.punct(')');
    return { op: 's_intersects', left, right };
  }

  private spatialOperand(): Cql2Spatial {
    const t = this.peek();
    if (t.t === 'word' && GEOMETRY_WORDS.has(t.v.toUpperCase()))
      return { kind: 'geometry', geometry: this.geometry() };
    const s = this.scalar();
    if (s.kind !== 'property') throw new Cql2Error('S_INTERSECTS takes a property and a geometry');
    return s;
  }

  private geometry(): Cql2Geometry {
    const type = String((this.next() as { v: string }).v).toUpperCase();
    if (this.isWord('Z')) this.next();
    if (type === 'BBOX' || type === 'ENVELOPE') {
      this.punct('(');
      const bbox = [this.number()];
      while (this.isPunct(',')) {
        this.next();
        bbox.push(this.number());
      }
      this.punct(')');
      return { type: 'BBox', bbox };
    }
    if (type === 'GEOMETRYCOLLECTION') {
      const geometries = this.list(() => this.nested(() => this.geometry()));
      return { type: 'GeometryCollection', geometries };
    }
    const ring = () => this.list(() => this.position());
    switch (type) {
      case 'POINT':
        return { type: 'Point', coordinates: this.list(() => this.position())[0]! };
      case 'LINESTRING':
        return { type: 'LineString', coordinates: ring() };
      case 'POLYGON':
        return { type: 'Polygon', coordinates: this.list(ring) };
      case 'MULTIPOINT':
        // Both MULTIPOINT((1 2), (3 4)) and MULTIPOINT(1 2, 3 4) are written in the wild.
        return {
          type: 'MultiPoint',
          coordinates: this.list(() =>
            this.isPunct('(') ? this.list(() => this.position())[0]! : this.position(),
          ),
        };
      case 'MULTILINESTRING':
        return { type: 'MultiLineString', coordinates: this.list(ring) };
      default:
        return { type: 'MultiPolygon', coordinates: this.list(() => this.list(ring)) };
    }
  }

  /** `( item {, item} )` */
  private list<T>(item: () => T): T[] {
    this.punct('(');
    const items = [item()];
    while (this.isPunct(',')) {
      this.next();
      items.push(item());
    }
    this.punct(')');
    if (items.length > 100_000) throw new Cql2Error('a geometry of the filter is too large');
    return items;
  }

  private position(): number[] {
    const p = [this.number(), this.number()];
    if (this.peek().t === 'number') p.push(this.number());
    return p;
  }

  private number(): number {
    const t = this.peek();
    if (t.t !== 'number') return this.fail('a number');
    this.next();
    return t.v;
  }
}

/** Parses a CQL2 text filter. Throws `Cql2Error` with where and what was expected. */
export function parseCql2Text(text: string): Cql2 {
  if (text.length > CQL2_MAX_TEXT)
    throw new Cql2Error(`the filter is longer than ${CQL2_MAX_TEXT} characters`);
  if (!text.trim()) throw new Cql2Error('the filter is empty');
  const tree = new Parser(tokenize(text)).parse();
  checkSize(tree);
  return tree;
}
