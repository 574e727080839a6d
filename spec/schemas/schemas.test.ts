import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { renderSchemas } from './render.js';

it('the committed JSON Schemas and their generated TypeScript types are current (npm run schemas)', async () => {
  for (const [name, text] of Object.entries(await renderSchemas())) {
    expect(readFileSync(join(import.meta.dirname, name), 'utf8'), name).toBe(text);
  }
});
