/**
 * A whole uploaded file refused: a translation key with its parameters. Nothing of the file
 * is stored. (Single shapes that fail are reported per shape instead, see `read-file.ts`.)
 */
export class UploadRefused extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}
