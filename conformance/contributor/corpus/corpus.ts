import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { pluginFromModule } from '../../loader/load-plugin.js';
import type { CopyLoader } from '../executor.js';

/**
 * The corpus: small contributor plugins written for the tests, one pattern each. Every module exports
 * `expectation` (how it must be judged, also said in its header comment): the exact error rules it
 * fails, the exact warnings, and the info rules it is noted for (null: not asserted).
 */
export interface CorpusExpectation {
  fails: string[];
  warns: string[];
  info: string[] | null;
  /** Part of the CTX-COMPACT-1 note the plugin must get ("sent again" / "not sent again"). */
  compactNote?: string;
}

export const corpusDir = import.meta.dirname;

export const corpusFiles = (): string[] => readdirSync(corpusDir).filter((f) => f.endsWith('.mjs') && !f.startsWith('_')).sort();

/** Fresh module copies of one corpus plugin (so a restart drops its module state). */
export function corpusLoader(file: string): CopyLoader {
  const url = pathToFileURL(`${corpusDir}/${file}`).href;
  return async (copy) => pluginFromModule((await import(/* @vite-ignore */ `${url}?copy=${copy}`)) as Record<string, unknown>, file, file).factory;
}

export async function corpusMeta(file: string): Promise<{ name: string; expectation: CorpusExpectation }> {
  const mod = (await import(/* @vite-ignore */ pathToFileURL(`${corpusDir}/${file}`).href)) as { name: string; expectation: CorpusExpectation };
  return { name: mod.name, expectation: mod.expectation };
}
