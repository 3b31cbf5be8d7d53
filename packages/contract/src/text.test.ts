import { describe, expect, it } from 'vitest';
import { hasControlCharacters, stripBidiControls } from './text';

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
