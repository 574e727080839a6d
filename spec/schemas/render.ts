import { compile } from 'json-schema-to-typescript';
import { z } from 'zod';
import { schemaSources } from './sources.js';

/** Every generated file under spec/schemas/, by relative path: `<name>.schema.json` and `types/<name>.d.ts`. */
export async function renderSchemas(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [name, { schema, title, description }] of Object.entries(schemaSources)) {
    const json = { $id: `https://dsh-ctx-conform/spec/schemas/${name}.schema.json`, title, description, ...z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) };
    out[`${name}.schema.json`] = JSON.stringify(json, null, 2) + '\n';
    const ts = await compile(json as never, title, {
      bannerComment: `/* Generated from ${name}.schema.json by json-schema-to-typescript (npm run schemas). Do not edit. */`,
      additionalProperties: false,
      format: false,
    });
    out[`types/${name}.d.ts`] = ts;
  }
  return out;
}
