import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from './config';

/** The product version is the root package's; the browser shows it as the app version. */
export const appVersion: string = JSON.parse(readFileSync(resolve(repoRoot, 'package.json'), 'utf8')).version;
