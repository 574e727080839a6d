import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as reference from '../../../reference/session-reference/index.js';
import { generatedFixtures } from '../../generators/session-reference/materialised.js';
import { pluginFromModule } from '../../loader/load-plugin.js';
import { reasonProblems } from '../../results/consistency.js';
import { judgeFixture } from '../../runner/judge-fixture.js';
import type { ScenarioFixture } from '../../scenario/schema.js';

/**
 * Every mutant is a realistic bug; the suite must catch each one with at least one scenario (by its
 * expectation or by the SR invariant rules over the log it produced), and the reference must pass all.
 */
const mutantFiles = readdirSync(import.meta.dirname).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

let fixtures: ScenarioFixture[];
beforeAll(async () => {
  fixtures = await generatedFixtures();
});

async function failures(mod: Record<string, unknown>, label: string): Promise<string[]> {
  const plugin = pluginFromModule(mod, label, label, 'session-reference');
  const failed: string[] = [];
  for (const fixture of fixtures) {
    const verdict = await judgeFixture(plugin.factory, fixture, '2026-08');
    expect(reasonProblems(verdict, `${label} ${fixture.id}`)).toEqual([]);
    if (verdict.status !== 'pass') failed.push(`${fixture.title}: ${verdict.message}`);
  }
  return failed;
}

describe('session-reference mutants', () => {
  it('has at least ten mutants, each with a one-line description', async () => {
    expect(mutantFiles.length).toBeGreaterThanOrEqual(10);
    for (const file of mutantFiles) {
      const mod = (await import(/* @vite-ignore */ `./${file}`)) as { description?: unknown };
      expect(typeof mod.description === 'string' && !mod.description.includes('\n'), file).toBe(true);
    }
  });

  it('the reference passes every scenario, invariants included', async () => {
    expect(await failures(reference, 'reference')).toEqual([]);
  });

  it.each(mutantFiles)('%s is caught by at least one scenario', async (file) => {
    const mod = (await import(/* @vite-ignore */ `./${file}`)) as Record<string, unknown>;
    const failed = await failures(mod, file);
    if (process.env.SR_MUTANT_DEBUG) console.log(file, failed.map((f) => f.slice(0, 150)));
    expect(failed.length, `${file} passed every scenario`).toBeGreaterThan(0);
  });
});
