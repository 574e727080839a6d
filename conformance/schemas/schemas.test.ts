import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { renderSchemas, SCHEMA_DIR } from './render.js';

it('the committed JSON Schemas and their generated TypeScript types are current (npm run schemas)', async () => {
  for (const [name, text] of Object.entries(await renderSchemas())) {
    expect(readFileSync(join(SCHEMA_DIR, name), 'utf8'), name).toBe(text);
  }
});

it('every committed scenario fixture stores environment sections its service schema accepts (what the JSON Schema says)', async () => {
  const { readdirSync } = await import('node:fs');
  const { ENV_SECTION_SCHEMAS } = await import('../host/services/env-schemas.js');
  const root = join(import.meta.dirname, '..', 'fixtures');
  const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(join(dir, d.name)) : d.name === 'fixture.json' ? [join(dir, d.name)] : []));
  let sections = 0;
  for (const file of walk(root)) {
    const fixture = JSON.parse(readFileSync(file, 'utf8')) as { kind: string; env?: Record<string, unknown> };
    if (fixture.kind !== 'scenario') continue;
    for (const [section, schema] of Object.entries(ENV_SECTION_SCHEMAS)) {
      if (fixture.env?.[section] === undefined) continue;
      sections++;
      expect(schema.safeParse(fixture.env[section]).success, `${file} env.${section}`).toBe(true);
    }
  }
  expect(sections).toBeGreaterThan(50);
});
