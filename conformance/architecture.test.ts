import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The import rules of .dependency-cruiser.cjs (also `npm run deps`, part of `npm test`): the real tree
 * holds them, and each rule bites on a tree that breaks it (so a rule that matches nothing, after a
 * rename, cannot pass unnoticed).
 */
const root = join(import.meta.dirname, '..');
const config = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs')) as IConfiguration;

async function violations(dirs: string[], baseDir: string): Promise<string[]> {
  const { options = {}, ...ruleSet } = config;
  const result = await cruise(dirs, { ...options, tsConfig: undefined, baseDir, validate: true, ruleSet, outputType: 'json' });
  const output = (typeof result.output === 'string' ? JSON.parse(result.output) : result.output) as ICruiseResult;
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

const scratch = mkdtempSync(join(tmpdir(), 'dsh-arch-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(scratch, 't-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('the dependency rule', () => {
  it('holds on the real tree', async () => {
    expect(await violations(['spec', 'reference', 'invariants', 'conformance', 'bench'], root)).toEqual([]);
  }, 120_000);

  it.each([
    ['invariants-independent', { 'invariants/a.ts': "import { b } from '../reference/b.js';\nexport const a = b;\n", 'reference/b.ts': 'export const b = 1;\n' }],
    ['invariants-independent', { 'invariants/rules/a.test.ts': "import { b } from '../../conformance/b.js';\nexport const a = b;\n", 'conformance/b.ts': 'export const b = 1;\n' }],
    ['reference-alone', { 'reference/a.ts': "import { b } from '../invariants/b.js';\nexport const a = b;\n", 'invariants/b.ts': 'export const b = 1;\n' }],
    ['spec-at-the-bottom', { 'spec/a.ts': "import { b } from '../conformance/b.js';\nexport const a = b;\n", 'conformance/b.ts': 'export const b = 1;\n' }],
    ['log-reader-below-engine', { 'invariants/log/a.ts': "import { b } from '../engine.js';\nexport const a = b;\n", 'invariants/engine.ts': 'export const b = 1;\n' }],
    ['host-below-scenario', { 'conformance/host/a.ts': "import { b } from '../scenario/b.js';\nexport const a = b;\n", 'conformance/scenario/b.ts': 'export const b = 1;\n' }],
    ['runner-below-cli', { 'conformance/runner/a.ts': "import { b } from '../cli/b.js';\nexport const a = b;\n", 'conformance/cli/b.ts': 'export const b = 1;\n' }],
    ['no-circular', { 'conformance/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n", 'conformance/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n" }],
  ])('%s bites', async (rule, files) => {
    const dir = tree(files);
    const found = await violations(Object.keys(files), dir);
    expect(found.some((v) => v.startsWith(`${rule}:`)), found.join('\n')).toBe(true);
  });

  it('lets two modules whose types name each other be (a type-only cycle)', async () => {
    const dir = tree({ 'reference/a.ts': "import type { B } from './b.js';\nexport interface A { b?: B }\n", 'reference/b.ts': "import type { A } from './a.js';\nexport interface B { a?: A }\n" });
    expect(await violations(['reference'], dir)).toEqual([]);
  });
});
