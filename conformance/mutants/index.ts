import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SOURCES, type SourceName } from '../../spec/revisions.js';

/**
 * The deliberately broken variants of each reference source (`conformance/mutants/<source>/*.ts`),
 * each a realistic bug. The suite must kill every one of them: some fixture must fail.
 */
export interface MutantEntry {
  source: SourceName;
  name: string;
  file: string;
}

export function listMutants(): MutantEntry[] {
  const out: MutantEntry[] = [];
  for (const source of SOURCES) {
    const dir = join(import.meta.dirname, source);
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).sort()) {
      if (!/\.(ts|js)$/.test(f) || f.endsWith('.test.ts') || f.endsWith('.d.ts') || f.startsWith('_') || f.startsWith('index.')) continue;
      out.push({ source, name: f.replace(/\.(ts|js)$/, ''), file: join(dir, f) });
    }
  }
  return out;
}
