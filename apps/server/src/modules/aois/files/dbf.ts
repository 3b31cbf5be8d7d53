import iconv from 'iconv-lite';

/**
 * The text encoding of a shapefile's attribute table, as GDAL decides it: the `.cpg` first (GDAL
 * writes what `-lco ENCODING=` named: `CP936`, `GBK`, `UTF-8`…; ArcGIS writes code page numbers:
 * `936`, `65001`, `ANSI 1252`), then the `.dbf`'s language driver byte (offset 29), then nothing.
 * Names are decoded by iconv-lite, which knows the code pages dBase files use (437, 850, 936, 950,
 * 1250–1258, GB18030, Big5, Latin-1…) under their many spellings; WHATWG's TextDecoder knows
 * neither `CP936`/`936` nor the DOS code pages.
 *
 * - `declared`: what the file declared, when it declared something (`.cpg` text or `LDID/<n>`).
 * - `encoding`: the decoder's name, or undefined when the declaration is unknown (the names are
 *   then read as UTF-8 with replacement characters, and the upload says so).
 */
export interface DbfEncoding {
  declared: string | undefined;
  encoding: string | undefined;
}

/** Language driver ids of dBase/ESRI (the .dbf byte 29) and their code pages. */
const LANGUAGE_DRIVERS: Record<number, string> = {
  0x01: 'cp437',
  0x02: 'cp850',
  0x03: 'cp1252',
  0x08: 'cp865',
  0x09: 'cp437',
  0x0a: 'cp850',
  0x0b: 'cp437',
  0x0d: 'cp437',
  0x0e: 'cp850',
  0x0f: 'cp437',
  0x10: 'cp850',
  0x11: 'cp437',
  0x12: 'cp850',
  0x13: 'cp932',
  0x14: 'cp850',
  0x15: 'cp437',
  0x16: 'cp850',
  0x17: 'cp865',
  0x18: 'cp437',
  0x19: 'cp437',
  0x1a: 'cp850',
  0x1b: 'cp437',
  0x1c: 'cp863',
  0x1d: 'cp850',
  0x1f: 'cp852',
  0x22: 'cp852',
  0x23: 'cp852',
  0x24: 'cp860',
  0x25: 'cp850',
  0x26: 'cp866',
  0x37: 'cp850',
  0x40: 'cp852',
  0x4d: 'cp936',
  0x4e: 'cp949',
  0x4f: 'cp950',
  0x50: 'cp874',
  0x58: 'cp1252',
  0x59: 'cp1252',
  0x64: 'cp852',
  0x65: 'cp866',
  0x66: 'cp865',
  0x67: 'cp861',
  0x6a: 'cp737',
  0x6b: 'cp857',
  0x78: 'cp950',
  0x79: 'cp949',
  0x7a: 'cp936',
  0x7b: 'cp932',
  0x7c: 'cp874',
  0x86: 'cp737',
  0x87: 'cp852',
  0x88: 'cp857',
  0xc8: 'cp1250',
  0xc9: 'cp1251',
  0xca: 'cp1254',
  0xcb: 'cp1253',
  0xcc: 'cp1257',
};

/** The encoding named by a .cpg text (any case, `ANSI ` or `CP` before a number, spaces around). */
function encodingOfCpg(cpg: string): string | undefined {
  const text = cpg.trim().replace(/^ANSI\s+/i, '');
  const candidates = /^\d+$/.test(text)
    ? [text === '65001' ? 'utf-8' : `cp${text}`]
    : [text, text.replace(/[\s_]+/g, '-'), text.replace(/[\s_-]+/g, '')];
  return candidates.find((name) => name && iconv.encodingExists(name));
}

export function dbfEncoding(cpg: string | undefined, dbf: Uint8Array | undefined): DbfEncoding {
  if (cpg?.trim()) return { declared: cpg.trim().slice(0, 40), encoding: encodingOfCpg(cpg) };
  const driver = dbf && dbf.length > 29 ? dbf[29]! : 0;
  // 0: none; 0x57 ("ANSI", the writer's own code page) names none either
  if (driver === 0 || driver === 0x57) return { declared: undefined, encoding: undefined };
  return { declared: `LDID/${driver}`, encoding: LANGUAGE_DRIVERS[driver] };
}

/** Whether the table's records read as UTF-8 (an undeclared table is read so if they do). */
export function recordsAreUtf8(dbf: Uint8Array): boolean {
  const headerLength = new DataView(dbf.buffer, dbf.byteOffset, dbf.byteLength).getUint16(8, true);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(dbf.subarray(headerLength));
    return true;
  } catch {
    return false;
  }
}

/**
 * The rows of a `.dbf` whose header was checked (`checkDbf`), each field decoded: C and other text
 * types with `encoding`, N/F/O as numbers, L as a boolean, D as its `YYYYMMDD` text. Row i is the
 * shape i of the `.shp`, deleted rows included (shapefiles keep them aligned).
 */
export function readDbf(dbf: Uint8Array, encoding: string): Record<string, unknown>[] {
  const view = new DataView(dbf.buffer, dbf.byteOffset, dbf.byteLength);
  const records = view.getUint32(4, true);
  const headerLength = view.getUint16(8, true);
  const recordLength = view.getUint16(10, true);
  const text = (from: number, length: number) =>
    iconv
      .decode(Buffer.from(dbf.buffer, dbf.byteOffset + from, Math.max(0, Math.min(length, dbf.length - from))), encoding)
      .replace(/\0/g, '')
      .trim();
  const fields: { name: string; type: string; length: number }[] = [];
  for (let at = 32; at + 32 <= headerLength && dbf[at] !== 0x0d; at += 32) {
    fields.push({ name: text(at, 11), type: String.fromCharCode(dbf[at + 11]!), length: dbf[at + 16]! });
  }
  const rows: Record<string, unknown>[] = [];
  for (let r = 0; r < records; r++) {
    let at = headerLength + r * recordLength + 1; // after the deletion flag
    const row: Record<string, unknown> = {};
    for (const field of fields) {
      const value = text(at, field.length);
      at += field.length;
      if ('NFO'.includes(field.type)) row[field.name] = value === '' ? null : Number.parseFloat(value);
      else if (field.type === 'L') row[field.name] = /^[YyTt]$/.test(value);
      else row[field.name] = value;
    }
    rows.push(row);
  }
  return rows;
}
