import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allRuleModules } from '../invariants/rules/index.js';
import { ruleIndex } from '../invariants/engine.js';
import { referenceModule } from '../reference/index.js';
import { SOURCES, type SpecRevision } from '../spec/revisions.js';
import { loadPlugin, pluginFromModule } from './loader/load-plugin.js';
import { listMutants } from './mutants/index.js';
import { reasonProblems } from './results/consistency.js';
import { judgeFixture } from './runner/judge-fixture.js';
import { fixtureId } from './scenario/fixture-id.js';
import { logFixtureFindings } from './scenario/materialise.js';
import type { LogFixture, ScenarioFixture } from './scenario/schema.js';
import { buildCatalog, readAllFixtures } from './scenario/store.js';
import { upstreamPackage } from './upstream.js';

/**
 * The suite's own guarantees (issue "The generated conformance suite"): it parses, ids are content
 * hashes, the catalog is current, every rule is covered, log fixtures produce exactly their rule ids,
 * the reference and the published packages pass what they implement, and every mutant is killed.
 */
const root = join(import.meta.dirname, 'fixtures');
const stored = readAllFixtures(root);
const fixtures = stored.map((s) => s.fixture);
const scenarios = fixtures.filter((f): f is ScenarioFixture => f.kind === 'scenario');
const logs = fixtures.filter((f): f is LogFixture => f.kind === 'log');
const deviations = JSON.parse(readFileSync(join(root, 'known-deviations.json'), 'utf8')) as Array<{ fixture: string; upstream: string; reason: string }>;

/**
 * Rules no log fixture can carry, each with where it is tested instead. Kept short on purpose: a new
 * entry needs a reason a reviewer can check.
 */
const NOT_EXPRESSIBLE_AS_FIXTURES: Record<string, string> = {
  'LOG-READ-1': 'about the input path (missing or unreadable file): invariants CLI tests',
  'LOG-READ-2': 'about a directory with no logs: invariants CLI tests',
  'LOG-READ-5': 'needs a line over 32 MiB: core-rules.test.ts with a lowered limit',
  'LOG-READ-7': 'needs the reader or a rule to fail on a record: invariants/log/hostile-read.test.ts',
  'LOG-JSON-3': 'needs invalid UTF-8 bytes, which a fixture\'s JSON lines cannot carry: invariants/log/hostile-read.test.ts',
  'LOG-ZSTD-4': 'needs hand-built over-limit zstd frames: invariants/log/zstd/zstd-bounds.test.ts and the fuzz corpus',
  'LOG-CHECK-1': 'a rule module that throws (rules are total over logs, so no log can produce it): engine.test.ts with a throwing module',
  'LOG-CHECK-2': 'a worker past its heap budget: invariants/pool/check-pool.test.ts with a lowered budget',
  'TC-TIME-2': "needs an Intl that cannot format a zone it has just validated (parity with upstream check 11a): rules unit test",
};

describe('the committed suite', () => {
  it('has fixtures for every source and the core log rules', () => {
    for (const source of [...SOURCES, 'log']) expect(fixtures.filter((f) => f.source === source).length, source).toBeGreaterThan(0);
  });

  it('gives every fixture the hash of its content as id, in a directory named by it', () => {
    for (const { fixture, dir } of stored) {
      expect(fixture.id).toBe(fixtureId(fixture as unknown as Record<string, unknown>));
      expect(dir.endsWith(join(fixture.source, fixture.category, fixture.id))).toBe(true);
    }
  });

  it('has a catalog that matches the fixtures', () => {
    const committed = JSON.parse(readFileSync(join(root, 'index.json'), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(buildCatalog(root, fixtures))));
  });

  it('covers every rule id the validator defines with at least one fixture', () => {
    // A rule counts as covered only where a fixture asserts it: a log fixture's expected ids, or a
    // scenario naming it (scenario logs are also run through every rule).
    const covered = new Set(fixtures.flatMap((f) => (f.kind === 'log' ? [...f.expect.findings, ...(f.expect.info ?? [])].map((x) => x.rule) : f.rules)));
    const missing = [...ruleIndex(allRuleModules).keys()].filter((id) => !covered.has(id) && !(id in NOT_EXPRESSIBLE_AS_FIXTURES));
    expect(missing).toEqual([]);
  });

  it('names only rule ids (validator rules, or behaviour requirements with a heading in spec/) that exist', () => {
    const specText = readdirSync(join(import.meta.dirname, '..', 'spec')).filter((f) => f.endsWith('.md')).map((f) => readFileSync(join(import.meta.dirname, '..', 'spec', f), 'utf8')).join('\n');
    const headings = new Set([...specText.matchAll(/^#{2,4} +`?([A-Z]+(?:-[A-Z]+)*-\d+)`?/gm)].map((m) => m[1]));
    const known = new Set([...ruleIndex(allRuleModules).keys(), ...headings]);
    const unknown = fixtures.flatMap((f) => f.rules.filter((r) => !known.has(r)).map((r) => `${f.id} ${r}`));
    expect(unknown).toEqual([]);
  });
});

describe('log fixtures', () => {
  it.each(logs.map((f) => [`${f.source}/${f.category}: ${f.title} [${f.id}]`, f] as const))('%s', async (_name, f) => {
    for (const revision of f.revisions) {
      const got = await logFixtureFindings(f, revision, allRuleModules);
      expect(got.findings).toEqual(f.expect.findings);
      if (f.expect.info) expect(got.info).toEqual(f.expect.info);
    }
  });
});

async function failingFixtures(factory: Parameters<typeof judgeFixture>[0], list: readonly ScenarioFixture[], revision: SpecRevision): Promise<Array<{ id: string; message: string }>> {
  const failed: Array<{ id: string; message: string }> = [];
  for (const f of list) {
    const verdict = await judgeFixture(factory, f, revision);
    // Every verdict on the references, the upstream packages and the mutants: its message is its reason rendered.
    expect(reasonProblems(verdict, f.id)).toEqual([]);
    if (verdict.status !== 'pass') failed.push({ id: f.id, message: `${f.title}: ${verdict.message}` });
  }
  return failed;
}

describe.each(SOURCES.map((s) => [s] as const))('%s scenarios', (source) => {
  for (const revision of ['2026-08', '2026-07'] as const) {
    const mine = scenarios.filter((f) => f.source === source && f.revisions.includes(revision));
    if (mine.length === 0) continue;

    it(`the reference passes every ${revision} fixture`, async () => {
      const reference = pluginFromModule(await referenceModule(source, revision), 'reference', 'reference', source);
      expect(await failingFixtures(reference.factory, mine, revision)).toEqual([]);
    });

    it(`the published upstream package passes every ${revision} fixture or is a listed deviation`, async () => {
      const pkg = upstreamPackage(source, revision)!;
      const upstream = await loadPlugin(pkg, { source });
      const failed = await failingFixtures(upstream.factory, mine, revision);
      const unlisted = failed.filter((f) => !deviations.some((d) => d.fixture === f.id));
      expect(unlisted).toEqual([]);
    });
  }
});

describe('mutants', () => {
  const mutants = listMutants();
  const matrix: string[] = [];

  it('exist for every source, at least ten each', () => {
    for (const source of SOURCES) expect(mutants.filter((m) => m.source === source).length, source).toBeGreaterThanOrEqual(10);
  });

  it.each(mutants.map((m) => [`${m.source}/${m.name}`, m] as const))('%s is killed by at least one fixture', async (_name, m) => {
    const mod = (await import(pathToFileURL(m.file).href)) as Record<string, unknown>;
    const plugin = pluginFromModule(mod, m.name, m.name, m.source);
    const revision: SpecRevision = (mod.revision as SpecRevision | undefined) ?? '2026-08';
    const mine = scenarios.filter((f) => f.source === m.source && f.revisions.includes(revision));
    const killers = await failingFixtures(plugin.factory, mine, revision);
    matrix.push(`${m.source}/${m.name}: killed by ${killers.length} fixture(s): ${killers.slice(0, 5).map((k) => k.id).join(', ')}${killers.length > 5 ? ', ...' : ''}`);
    console.log(matrix.at(-1));
    expect(killers.length, `${m.source}/${m.name} (${String(mod.description ?? '')}) survives the whole suite`).toBeGreaterThan(0);
  });
});
