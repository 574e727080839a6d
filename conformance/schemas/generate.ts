/**
 * `npm run schemas`: write the JSON Schemas in spec/schemas/ from the zod schemas, and TypeScript
 * types generated from those JSON Schemas by json-schema-to-typescript into spec/schemas/types/
 * (so consumers in TypeScript need neither zod nor this package). `--check` exits 1 if anything
 * would change. The round trip is type-checked by roundtrip.ts. The tooling lives here, not in spec/,
 * so spec/schemas holds generated files only (and spec/ imports nothing above it).
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { renderSchemas, SCHEMA_DIR } from './render.js';

const { values } = parseArgs({ options: { check: { type: 'boolean' } } });
const dir = SCHEMA_DIR;
const files = await renderSchemas();
const changed: string[] = [];
for (const [name, text] of Object.entries(files)) {
  const path = join(dir, name);
  const before = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  if (before === text) continue;
  changed.push(name);
  if (!values.check) {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
  }
}
if (values.check && changed.length) {
  process.stderr.write(`spec/schemas is out of date: ${changed.join(', ')}. Run 'npm run schemas'.\n`);
  process.exitCode = 1;
} else process.stderr.write(changed.length ? `wrote ${changed.join(', ')}\n` : 'spec/schemas is up to date\n');
