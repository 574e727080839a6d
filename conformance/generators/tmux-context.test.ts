import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pluginFromModule } from '../loader/load-plugin.js';
import { judgeScenario } from '../scenario/compare.js';
import { executeScenario } from '../scenario/execute.js';
import { materialiseLog, materialiseScenario, type UpstreamCheck } from '../scenario/materialise.js';
import type { ScenarioFixture } from '../scenario/schema.js';
import { allRuleModules } from '../../invariants/rules/index.js';
import { tmuxContextRules } from '../../invariants/rules/tmux-context/index.js';
import { logFixtures, scenarios } from './tmux-context.js';

/**
 * The tmux-context suite end to end: every scenario materialises (the reference runs, the author's
 * intent holds, and the published rc.8 package agrees with no recorded deviation), and every mutant
 * fails at least one scenario.
 */
const fixtures: ScenarioFixture[] = [];
const upstream: UpstreamCheck[] = [];

beforeAll(async () => {
  for (const draft of scenarios()) fixtures.push(await materialiseScenario(draft, upstream));
}, 120_000);

describe('tmux-context scenarios', () => {
  it('materialise, and the published rc.8 package agrees with every one', () => {
    expect(fixtures.length).toBe(scenarios().length);
    expect(upstream.filter((u) => u.status !== 'agrees')).toEqual([]);
    expect(upstream).toHaveLength(fixtures.length * 2);
  });

  it('have distinct content', () => {
    expect(new Set(fixtures.map((f) => f.id)).size).toBe(fixtures.length);
  });
});

const mutantDir = join(import.meta.dirname, '..', 'mutants', 'tmux-context');
const mutantFiles = readdirSync(mutantDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

describe('tmux-context mutants', () => {
  it('there are at least 10, each with a description', async () => {
    expect(mutantFiles.length).toBeGreaterThanOrEqual(10);
    for (const file of mutantFiles) {
      const mod = await import(join(mutantDir, file));
      expect(typeof mod.description, file).toBe('string');
    }
  });

  it.each(mutantFiles)('%s fails at least one scenario', async (file) => {
    const mod = await import(join(mutantDir, file));
    const plugin = pluginFromModule(mod, file, file, 'tmux-context');
    const caught: string[] = [];
    for (const fixture of fixtures) {
      try {
        const verdict = judgeScenario(fixture.expect, await executeScenario(plugin.factory, fixture));
        if (verdict.status !== 'pass') caught.push(`${fixture.title}: ${verdict.message}`);
      } catch (error) {
        // The scenario could not even be completed (e.g. a failed turn leaves no step to write a request in).
        caught.push(`${fixture.title}: ${String(error)}`);
      }
    }
    expect(caught.length, `${file} passed every scenario`).toBeGreaterThan(0);
  });
});

describe('tmux-context log fixtures', () => {
  it('report exactly the stated rule ids, and every TMUX rule id has a fixture that reports it', async () => {
    const drafts = await logFixtures();
    for (const draft of drafts) materialiseLog(draft, allRuleModules);
    const reported = new Set(drafts.flatMap((d) => d.findings));
    expect(Object.keys(tmuxContextRules.rules).filter((id) => !reported.has(id))).toEqual([]);
  });
});
