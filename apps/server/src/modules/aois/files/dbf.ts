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
  1: 'cp437',
  2: 'cp850',
  3: 'cp1252',
  8: 'cp865',
  9: 'cp437',
  10: 'cp850',
  11: 'cp437',
  13: 'cp437',
  14: 'cp850',
  15: 'cp437',
  16: 'cp850',
  17: 'cp437',
  18: 'cp850',
  19: 'cp932',
  20: 'cp850',
  21: 'cp437',
  22: 'cp850',
  23: 'cp865',
  24: 'cp437',
  25: 'cp437',
  26: 'cp850',
  27: 'cp437',
  28: 'cp863',
  29: 'cp850',
  31: 'cp852',
  34: 'cp852',
  35: 'cp852',
  36: 'cp860',
  37: 'cp850',
  38: 'cp866',
  55: 'cp850',
  64: 'cp852',
  77: 'cp936',
  78: 'cp949',
  79: 'cp950',
  80: 'cp874',
  88: 'cp1252',
  89: 'cp1252',
  100: 'cp852',
  101: 'cp866',
  102: 'cp865',
  103: 'cp861',
  106: 'cp737',
  107: 'cp857',
  120: 'cp950',
  121: 'cp949',
  122: 'cp936',
  123: 'cp932',
  124: 'cp874',
  134: 'cp737',
  135: 'cp852',
  136: 'cp857',
  200: 'cp1250',
  201: 'cp1251',
  202: 'cp1254',
  203: 'cp1253',
  204: 'cp1257',
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
      .decode(
        Buffer.from(dbf.buffer, dbf.byteOffset + from, Math.max(0, Math.min(length, dbf.length - from))),
        encoding,
      )
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
