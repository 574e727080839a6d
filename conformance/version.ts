import { readFileSync } from 'node:fs';
import { packageRoot } from './package-root.js';

export const version: string = (JSON.parse(readFileSync(`${packageRoot}/package.json`, 'utf8')) as { version: string }).version;
