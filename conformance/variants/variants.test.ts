import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOURCES } from '../../spec/revisions.js';
import { loadPlugin } from '../loader/load-plugin.js';
import { judgeFixture } from '../runner/judge-fixture.js';
import type { ScenarioFixture } from '../scenario/schema.js';
import { readAllFixtures } from '../scenario/store.js';
import { compiledVariants, VARIANTS_ROOT } from './compile.js';

/**
 * The precision corpus (issue 13): correct plugins written differently from the reference — CommonJS,
 * tsc-compiled CommonJS, zod 4 / valibot / hand-written Standard Schema configs, a constructor-function
 * Service, extra exports, a lazy apply. Each wraps the published package's behaviour or re-implements a
 * part of it (the config); each must load through the real loader path and pass every fixture of its
 * revision. A failure here is the kit judging something the spec does not make normative.
 */
const scenarios = readAllFixtures(join(import.meta.dirname, '..', 'fixtures'))
  .map((s) => s.fixture)
  .filter((f): f is ScenarioFixture => f.kind === 'scenario' && f.revisions.includes('2026-08'));

const variants = SOURCES.flatMap((source) => readdirSync(join(VARIANTS_ROOT, source)).map((name) => ({ source, name, dir: join(VARIANTS_ROOT, source, name) })));

describe('the precision corpus', () => {
  it('has at least four variants per source', () => {
    for (const source of SOURCES) expect(variants.filter((v) => v.source === source).length, source).toBeGreaterThanOrEqual(4);
  });

  it('commits tsc output that matches a fresh compile (no drift)', () => {
    const compiled = compiledVariants();
    expect(compiled.length).toBeGreaterThanOrEqual(2);
    for (const c of compiled) expect(readFileSync(c.output, 'utf8'), `${c.output} is stale: run npx tsx conformance/variants/compile.ts`).toBe(c.expected);
  });

  it.each(variants.map((v) => [`${v.source}/${v.name}`, v] as const))('%s loads as its source and passes every 2026-08 fixture', async (_name, v) => {
    const plugin = await loadPlugin(v.dir);
    expect(plugin.source).toBe(v.source);
    expect(plugin.warnings).toEqual([]);
    const mine = scenarios.filter((f) => f.source === v.source);
    expect(mine.length).toBeGreaterThan(20);
    const failed: string[] = [];
    for (const fixture of mine) {
      const verdict = await judgeFixture(plugin.factory, fixture, '2026-08');
      if (verdict.status !== 'pass') failed.push(`${fixture.id} ${fixture.title}: ${verdict.status}: ${verdict.message}`);
    }
    expect(failed).toEqual([]);
  });
});
