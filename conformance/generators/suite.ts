import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RuleModule } from '../../invariants/engine.js';
import { allRuleModules as defaultRuleModules } from '../../invariants/rules/index.js';
import type { GeneratorModule } from '../scenario/draft.js';
import { registeredSources } from '../sources/index.js';
import { materialiseLog, materialiseScenario, type UpstreamCheck } from '../scenario/materialise.js';
import type { Fixture } from '../scenario/schema.js';
import { buildCatalog, clearFixtures, writeFixture, type Catalog } from '../scenario/store.js';
import { renderCoverage } from './coverage.js';
import { renderUpstreamCoverage } from './upstream-coverage/render.js';

/** A generator to run: the core log rules' own, then one per registered source (none is optional). */
export interface SuiteGenerator {
  name: string;
  load(): Promise<GeneratorModule>;
}

export const SUITE_GENERATORS: readonly SuiteGenerator[] = [
  { name: 'log', load: () => import('./log.js') },
  ...registeredSources().map((s) => ({ name: s.name, load: s.generator })),
  // The contributor suite's log fixtures (the CTX-* rules check applies to any plugin source).
  { name: 'contributor', load: () => import('./contributor.js') },
];

export interface SuiteInputs {
  generators: readonly SuiteGenerator[];
  ruleModules: readonly RuleModule[];
}

export async function generateSuite(
  out: string,
  log: (line: string) => void = () => {},
  inputs: SuiteInputs = { generators: SUITE_GENERATORS, ruleModules: defaultRuleModules },
): Promise<{ total: number; upstream: UpstreamCheck[]; catalog: Catalog; coverage: string; upstreamCoverage: string }> {
  const allRuleModules = inputs.ruleModules;
  const fixtures: Fixture[] = [];
  const upstream: UpstreamCheck[] = [];
  for (const { name, load } of inputs.generators) {
    const gen = await load();
    if (gen.scenarios === undefined && gen.logFixtures === undefined) throw new Error(`generator ${name} exports neither scenarios() nor logFixtures()`);
    const drafts = (await gen.scenarios?.()) ?? [];
    for (const draft of drafts) fixtures.push(await materialiseScenario(draft, upstream));
    const logDrafts = (await gen.logFixtures?.()) ?? [];
    for (const draft of logDrafts) fixtures.push(await materialiseLog(draft, allRuleModules));
    log(`${name}: ${drafts.length} scenario(s), ${logDrafts.length} log fixture(s)`);
  }
  const seen = new Map<string, string>();
  for (const f of fixtures) {
    const clash = seen.get(f.id);
    if (clash) throw new Error(`two fixtures have identical content (id ${f.id}): "${clash}" and "${f.title}"`);
    seen.set(f.id, f.title);
  }
  mkdirSync(out, { recursive: true });
  clearFixtures(out);
  for (const f of fixtures) writeFixture(out, f);
  const catalog = buildCatalog(out, fixtures);
  writeFileSync(join(out, 'index.json'), JSON.stringify(catalog, null, 2) + '\n');
  const logFindings = new Map(fixtures.flatMap((f) => (f.kind === 'log' ? [[f.id, f.expect.findings.map((x) => x.rule)] as const] : [])));
  const coverage = renderCoverage(catalog, allRuleModules, logFindings);
  const deviations = upstream.filter((u) => u.status === 'deviates').sort((a, b) => a.fixture.localeCompare(b.fixture));
  writeFileSync(join(out, 'known-deviations.json'), JSON.stringify(deviations, null, 2) + '\n');
  log(`upstream cross-check: ${upstream.filter((u) => u.status === 'agrees').length} agree, ${deviations.length} known deviation(s)`);
  return { total: fixtures.length, upstream, catalog, coverage, // The upstream traceability table maps the whole suite: only for the full set of generators.
    upstreamCoverage: inputs.generators === SUITE_GENERATORS ? renderUpstreamCoverage(catalog) : '' };
}
