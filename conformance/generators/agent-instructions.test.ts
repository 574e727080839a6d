import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentInstructionsRules } from '../../invariants/rules/agent-instructions/index.js';
import { allRuleModules } from '../../invariants/rules/index.js';
import * as reference from '../../reference/agent-instructions/index.js';
import { pluginFromModule } from '../loader/load-plugin.js';
import { judgeFixture } from '../runner/judge-fixture.js';
import { judgeScenario } from '../scenario/compare.js';
import { executeScenario } from '../scenario/execute.js';
import { materialiseLog, materialiseScenario, type UpstreamCheck } from '../scenario/materialise.js';
import type { ScenarioFixture } from '../scenario/schema.js';
import { logFixtures, scenarios } from './agent-instructions.js';

/**
 * The agent-instructions suite end to end: every scenario materialises (the reference runs, the
 * author's intent holds, the published rc.8 package agrees), the same fixtures pass over a real
 * temporary directory, every mutant fails at least one scenario, and the log fixtures cover every
 * AI rule id.
 */
const fixtures: ScenarioFixture[] = [];
const upstream: UpstreamCheck[] = [];

let drafted = 0;
beforeAll(async () => {
  const drafts = await scenarios();
  drafted = drafts.length;
  for (const draft of drafts) fixtures.push(await materialiseScenario(draft, upstream));
}, 120_000);

describe('agent-instructions scenarios', () => {
  it('materialise, and the published rc.8 package agrees with every one', () => {
    expect(fixtures.length).toBe(drafted);
    expect(upstream.filter((u) => u.status !== 'agrees')).toEqual([]);
  });

  it('have distinct content', () => {
    expect(new Set(fixtures.map((f) => f.id)).size).toBe(fixtures.length);
  });

  it('give the same outcome over a real temporary directory', async () => {
    const plugin = pluginFromModule(reference as never, 'reference', 'reference', 'agent-instructions');
    const failed: string[] = [];
    for (const fixture of fixtures) {
      const verdict = judgeScenario(fixture.expect, await executeScenario(plugin.factory, fixture, { mode: 'real' }));
      if (verdict.status !== 'pass') failed.push(`${fixture.title}: ${verdict.message}`);
    }
    expect(failed).toEqual([]);
  });

  it('the reference passes every scenario with the invariant rules applied', async () => {
    const plugin = pluginFromModule(reference as never, 'reference', 'reference', 'agent-instructions');
    const failed: string[] = [];
    for (const fixture of fixtures) {
      const verdict = await judgeFixture(plugin.factory, fixture, '2026-08');
      if (verdict.status !== 'pass') failed.push(`${fixture.title}: ${verdict.message}`);
    }
    expect(failed).toEqual([]);
  });
});

const mutantDir = join(import.meta.dirname, '..', 'mutants', 'agent-instructions');
const mutantFiles = readdirSync(mutantDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

describe('agent-instructions mutants', () => {
  it('there are at least 10, each with a one-line description', async () => {
    expect(mutantFiles.length).toBeGreaterThanOrEqual(10);
    for (const file of mutantFiles) {
      const mod = (await import(join(mutantDir, file))) as { description?: unknown };
      expect(typeof mod.description === 'string' && !mod.description.includes('\n'), file).toBe(true);
    }
  });

  it.each(mutantFiles)('%s fails at least one scenario', async (file) => {
    const mod = (await import(join(mutantDir, file))) as Record<string, unknown>;
    const plugin = pluginFromModule(mod, file, file, 'agent-instructions');
    const caught: string[] = [];
    for (const fixture of fixtures) {
      try {
        const verdict = await judgeFixture(plugin.factory, fixture, '2026-08');
        if (verdict.status !== 'pass') caught.push(`${fixture.title}: ${verdict.message}`);
      } catch (error) {
        caught.push(`${fixture.title}: ${String(error)}`);
      }
    }
    if (process.env.AI_MUTANT_DEBUG) console.log(file, caught.map((c) => c.slice(0, 160)));
    expect(caught.length, `${file} passed every scenario`).toBeGreaterThan(0);
  });
});

describe('agent-instructions log fixtures', () => {
  it('report exactly the stated rule ids, and every AI rule id has a fixture that reports it', async () => {
    const drafts = logFixtures();
    for (const draft of drafts) await materialiseLog(draft, allRuleModules);
    const reported = new Set(drafts.flatMap((d) => d.findings));
    expect(Object.keys(agentInstructionsRules.rules).filter((id) => !reported.has(id))).toEqual([]);
  });
});
