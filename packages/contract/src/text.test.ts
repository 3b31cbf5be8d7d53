import { describe, expect, it } from 'vitest';
import { hasControlCharacters, readInteger, readNumber, stripBidiControls } from './text';

describe('text rules', () => {
  it('refuses NUL and other C0 controls in one line, keeps tab and newlines in multi-line text', () => {
    expect(hasControlCharacters('Port of Rotterdam 港口')).toBe(false);
    expect(hasControlCharacters('a\u0000b')).toBe(true);
    expect(hasControlCharacters('a\u001Bb')).toBe(true);
    expect(hasControlCharacters('a\u007Fb')).toBe(true);
    expect(hasControlCharacters('a\tb')).toBe(true);
    expect(hasControlCharacters('a\tb\r\nc', true)).toBe(false);
    expect(hasControlCharacters('a\u0000b', true)).toBe(true);
  });

  it('refuses a lone surrogate (no character at all: PostgreSQL refuses it in JSON), keeps astral characters', () => {
    expect(hasControlCharacters('a\uD83Db')).toBe(true);
    expect(hasControlCharacters('\uDE00')).toBe(true);
    expect(hasControlCharacters('a\uD83D', true)).toBe(true);
    expect(hasControlCharacters('😀 𠀀')).toBe(false);
    expect(hasControlCharacters('😀\n', true)).toBe(false);
  });

  it('drops bidi embedding, override and isolate characters, nothing else', () => {
    expect(stripBidiControls('invoice\u202Egpj.exe')).toBe('invoicegpj.exe');
    expect(stripBidiControls('\u2066a\u2067b\u2068c\u2069\u202A\u202B\u202C\u202D')).toBe('abc');
    expect(stripBidiControls('שלום world 你好\u200F')).toBe('שלום world 你好\u200F');
  });
});

describe('the number rule (issue 26)', () => {
  it('reads an integer only in its one decimal spelling', () => {
    expect(readInteger('0')).toBe(0);
    expect(readInteger('42')).toBe(42);
    expect(readInteger('-7')).toBe(-7);
    expect(readInteger('2147483647')).toBe(2_147_483_647);
    expect(readInteger('-2147483648')).toBe(-2_147_483_648);
    for (const text of [
      '',
      ' 1',
      '1 ',
      '+1',
      '-0',
      '01',
      '00',
      '1.0',
      '1.5',
      '1e3',
      '0x10',
      '0b1',
      '0o7',
      '1_000',
      '+Infinity',
      'NaN',
      '١٢',
      '1,5',
      '.5',
      '5.',
      '- 1',
      '\t1',
      '1\n',
    ])
      expect(readInteger(text), JSON.stringify(text)).toBe('error.validation');
  });

  it('says out of range for a well-spelt integer beyond the range, however long', () => {
    expect(readInteger('2147483648')).toBe('error.outOfRange');
    expect(readInteger('-2147483649')).toBe('error.outOfRange');
    expect(readInteger('9'.repeat(400))).toBe('error.outOfRange');
    // a text that reads as infinite is beyond every range, not a misspelling
    for (const text of ['Infinity', '-Infinity', '1e999', '-1e999'])
      expect(readInteger(text), text).toBe('error.outOfRange');
    expect(readInteger('5', 1, 4)).toBe('error.outOfRange');
    expect(readInteger('9007199254740993', 0, Number.MAX_SAFE_INTEGER)).toBe('error.outOfRange');
  });

  it('reads a number in JSON grammar, finite and in range', () => {
    expect(readNumber('-0.5')).toBe(-0.5);
    expect(readNumber('1e-7')).toBe(1e-7);
    expect(readNumber('1E+3')).toBe(1000);
    expect(readNumber('20037508.342789244')).toBe(20_037_508.342789244);
    for (const text of [
      '',
      ' 1',
      '1 ',
      '+1',
      '.5',
      '5.',
      '01',
      '0x10',
      '+Infinity',
      'NaN',
      '1,5',
      '1e',
      '--1',
    ])
      expect(readNumber(text), JSON.stringify(text)).toBe('error.validation');
    expect(readNumber('1e999')).toBe('error.outOfRange');
    expect(readNumber('-1e999')).toBe('error.outOfRange');
    expect(readNumber('Infinity')).toBe('error.outOfRange');
    expect(readNumber('91', -90, 90)).toBe('error.outOfRange');
  });
});
