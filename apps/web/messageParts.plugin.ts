import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { type MessagePart, MessagesModulePrefix, messagePart } from './src/i18n/messageParts';

/**
 * `virtual:messages/<language>/<part>`: one part of src/i18n/<language>.json as a module of its
 * own, so each part is its own chunk (a JSON module shared by two chunks could not be split).
 */
export function messagePartsPlugin(root: string): Plugin {
  const resolvedPrefix = `\0${MessagesModulePrefix}`;
  return {
    name: 'satportal-message-parts',
    resolveId: (id) => (id.startsWith(MessagesModulePrefix) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(resolvedPrefix)) return null;
      const [language, part] = id.slice(resolvedPrefix.length).split('/');
      if (!/^(en|zh)$/.test(language ?? '') || (part !== 'first' && part !== 'later')) {
        throw new Error(`no such message part: ${id.slice(1)}`);
      }
      const file = resolve(root, 'src/i18n', `${language}.json`);
      this.addWatchFile(file);
      const bundle = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      return `export default ${JSON.stringify(messagePart(bundle, part as MessagePart))};`;
    },
  };
}
