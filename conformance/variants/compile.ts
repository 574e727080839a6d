import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * The tsc-compiled variants: `src/index.ts` compiled by the project's TypeScript to CommonJS, as a plugin
 * author's `tsc --module commonjs --esModuleInterop` build would be. The output (`lib/index.js`) is
 * committed so the variant loads without a build step; `variants.test.ts` recompiles and fails on drift.
 * Write it with `npx tsx conformance/variants/compile.ts`.
 */
export const VARIANTS_ROOT = import.meta.dirname;

const OPTIONS: ts.CompilerOptions = { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true };

export function compiledVariants(): Array<{ source: string; output: string; expected: string }> {
  const out: Array<{ source: string; output: string; expected: string }> = [];
  for (const source of readdirSync(VARIANTS_ROOT, { withFileTypes: true }).filter((d) => d.isDirectory())) {
    for (const variant of readdirSync(join(VARIANTS_ROOT, source.name))) {
      const src = join(VARIANTS_ROOT, source.name, variant, 'src', 'index.ts');
      if (!existsSync(src)) continue;
      const expected = ts.transpileModule(readFileSync(src, 'utf8'), { compilerOptions: OPTIONS, fileName: src }).outputText;
      out.push({ source: src, output: join(VARIANTS_ROOT, source.name, variant, 'lib', 'index.js'), expected });
    }
  }
  return out;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  for (const c of compiledVariants()) {
    writeFileSync(c.output, c.expected);
    console.log(`wrote ${c.output}`);
  }
}
