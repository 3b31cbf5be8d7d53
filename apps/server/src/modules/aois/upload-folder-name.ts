import { Limits, stripBidiControls } from '@satportal/contract';

// The folder an upload lands in (issue 18): named after the file, so that 40 AOIs of one file
// stay together and can be found, moved or deleted as one.

const cut = (text: string, length: number) => [...text].slice(0, length).join('').trim();

/**
 * The folder's name from the uploaded file's name: its base name without the extension, without
 * control or bidi characters (as every stored name), trimmed to the name limit. A name with nothing
 * before its extension (".kml") keeps the whole name rather than leaving the folder unnamed.
 */
export function uploadFolderName(fileName: string): string {
  // Clients may send a path (old browsers send C:\…\areas.kml): the folder is named after the file.
  const base = stripBidiControls(fileName.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is dropped
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
    .trim();
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot).trim() : '';
  return cut(stem || base, Limits.nameMax);
}

/**
 * `name` made unique among its siblings' names: "areas", then "areas (2)", "areas (3)" …, the
 * name cut so that name and number stay within the name limit. Names are compared exactly, as
 * they are shown.
 */
export function uniqueSiblingName(name: string, siblings: Iterable<string>): string {
  const taken = new Set(siblings);
  if (!taken.has(name)) return name;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${cut(name, Limits.nameMax - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
