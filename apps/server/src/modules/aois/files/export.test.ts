import { describe, expect, it } from 'vitest';
import { contentDisposition, exportBaseName } from './export';

const point = { type: 'Point' as const, coordinates: [1, 2] };
const today = new Date('2025-03-04T12:00:00Z');

describe('export file names', () => {
  it('drop bidi override and isolate characters, so a name reads as it is', () => {
    expect(exportBaseName([{ name: 'photo\u202Egpj.exe', geometry: point }], today)).toBe('photogpj.exe');
    expect(exportBaseName([{ name: '\u2066\u202E', geometry: point }], today)).toBe('aois-2025-03-04');
    const header = contentDisposition('a\u2067b\u202D.kml');
    expect(header).toBe(`attachment; filename="ab.kml"; filename*=UTF-8''ab.kml`);
  });

  it('keep other names, with the characters a file name cannot hold replaced', () => {
    expect(exportBaseName([{ name: 'Field: north/2', geometry: point }], today)).toBe('Field_ north_2');
    expect(exportBaseName([], today)).toBe('aois-2025-03-04');
    expect(contentDisposition('北京.kml')).toBe(
      `attachment; filename="__.kml"; filename*=UTF-8''${encodeURIComponent('北京.kml')}`,
    );
  });
});
