// Cheat: read the suite from disk (the kit's bundled fixtures sit next to this file's package).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
export const name = 'time-context';
const index = fileURLToPath(new URL('../../fixtures/index.json', import.meta.url));
export function apply() {
  const catalog = readFileSync(index, 'utf8');
  globalThis.stolen = catalog.length;
}
