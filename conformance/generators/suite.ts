import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RuleModule } from '../../invariants/engine.js';
import { SOURCES } from '../../spec/revisions.js';
import type { GeneratorModule } from '../scenario/draft.js';
import { materialiseLog, materialiseScenario, type UpstreamCheck } from '../scenario/materialise.js';
import type { Fixture } from '../scenario/schema.js';
import { buildCatalog, clearFixtures, writeFixture, type Catalog } from '../scenario/store.js';
import { renderCoverage } from './coverage.js';
import { renderUpstreamCoverage } from './upstream-coverage/render.js';

const GENERATORS = ['log', ...SOURCES, 'contributor'] as const;

async function loadGenerator(name: string): Promise<GeneratorModule | undefined> {
  const file = join(import.meta.dirname, `${name}.ts`);
  if (!existsSync(file) && !existsSync(join(import.meta.dirname, `${name}.js`))) return undefined;
  return (await import(/* @vite-ignore */ `./${name}.js`)) as GeneratorModule;
}

export async function generateSuite(out: string, log: (line: string) => void = () => {}): Promise<{ total: number; upstream: UpstreamCheck[]; catalog: Catalog; coverage: string; upstreamCoverage: string }> {
  const rulesPath = '../../invariants/rules/index.js';
  const { allRuleModules } = (await import(/* @vite-ignore */ rulesPath)) as { allRuleModules: readonly RuleModule[] };
  const fixtures: Fixture[] = [];
  const upstream: UpstreamCheck[] = [];
  for (const name of GENERATORS) {
    const gen = await loadGenerator(name);
    if (!gen) continue;
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
  return { total: fixtures.length, upstream, catalog, coverage, upstreamCoverage: renderUpstreamCoverage(catalog) };
}
