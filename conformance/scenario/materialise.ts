import { checkText } from '../../invariants/check.js';
import type { KnownConfigs, RuleModule } from '../../invariants/engine.js';
import { referenceModule } from '../../reference/index.js';
import type { SpecRevision } from '../../spec/revisions.js';
import { loadPlugin, pluginFromModule } from '../loader/load-plugin.js';
import { upstreamPackage } from '../upstream.js';
import { firstDifference, judgeScenario } from './compare.js';
import { normativeOutcome } from './normative.js';
import { canonicalLogEntry, jsonlLine } from './jsonl-line.js';
import { deterministicUuids } from './normalise.js';
import type { LogDraft, ScenarioDraft } from './draft.js';
import { executeScenario } from './execute.js';
import { fixtureId } from './fixture-id.js';
import { findingsDifference, locate, pinLocations, sortFindings } from './located-findings.js';
import { FIXTURE_FORMAT_VERSION, LogFixture, ScenarioFixture, type ExpectedFinding } from './schema.js';

export class GenerationError extends Error {
  override readonly name = 'GenerationError';
}

export interface UpstreamCheck {
  fixture: string;
  title: string;
  upstream: string;
  status: 'agrees' | 'deviates';
  reason?: string;
  message?: string;
}

/** What every fixture says about itself, as its draft states it (in the fixture's key order). */
function described<D extends ScenarioDraft | LogDraft>(draft: D, revisions: SpecRevision[]) {
  return { source: draft.source, category: draft.category, title: draft.title, rules: draft.rules, revisions, config: draft.config as D['config'] };
}

/**
 * Turn a scenario draft into a fixture: run the reference of each revision the draft claims (they
 * must agree), check the author's intended outcomes, then run the published upstream package of each
 * revision and record whether it agrees. A disagreement fails generation unless the draft names a
 * reason (`upstreamDeviation`), which goes into the known-deviations list.
 */
export async function materialiseScenario(draft: ScenarioDraft, upstreamChecks: UpstreamCheck[]): Promise<ScenarioFixture> {
  const revisions = draft.revisions;
  const base = ScenarioFixture.omit({ id: true, expect: true }).parse({
    format: FIXTURE_FORMAT_VERSION,
    kind: 'scenario',
    ...described(draft, revisions),
    env: draft.env,
    log: draft.log ?? [],
    actions: draft.actions,
    provenance: draft.provenance,
  });
  let expect: ScenarioFixture['expect'] | undefined;
  for (const revision of revisions) {
    const reference = pluginFromModule(await referenceModule(draft.source, revision), `reference:${draft.source}`, `reference:${draft.source}`, draft.source);
    const actual = await executeScenario(reference.factory, base);
    const candidate = { outcomes: actual.outcomes, log: actual.log as ScenarioFixture['expect']['log'], warnings: actual.warnings, observations: actual.observations };
    if (draft.expectOutcomes) {
      // The intent is checked as the runner judges (normative content only); a load failure's intended
      // wording must still appear in the reference's, which DSH wraps (`invalid config:\n  - … (at …)`).
      const d = firstDifference(draft.expectOutcomes.map(normativeOutcome), actual.outcomes.map(normativeOutcome), 'outcomes');
      if (d) throw new GenerationError(`"${draft.title}": the ${revision} reference's outcomes differ from the author's intent at ${d.path}: intended ${JSON.stringify(d.expected)}, got ${JSON.stringify(d.actual)}`);
      draft.expectOutcomes.forEach((intended, i) => {
        const got = actual.outcomes[i];
        if (intended.kind === 'load-error' && got?.kind === 'load-error' && !got.error.message.includes(intended.error.message)) {
          throw new GenerationError(`"${draft.title}": the ${revision} reference fails at load with ${JSON.stringify(got.error.message)}, which does not contain the intended ${JSON.stringify(intended.error.message)}`);
        }
      });
    }
    draft.check?.(actual);
    if (expect === undefined) expect = candidate;
    else {
      const d = firstDifference(expect, candidate, 'expect');
      if (d) throw new GenerationError(`"${draft.title}" claims revisions ${revisions.join(', ')} but the references differ at ${d.path}`);
    }
  }
  const withoutId = { ...base, expect: expect! };
  const fixture = ScenarioFixture.parse({ ...withoutId, id: fixtureId(withoutId as unknown as Record<string, unknown>) });
  for (const revision of revisions) {
    const pkg = upstreamPackage(draft.source, revision);
    if (!pkg) continue;
    const upstream = await loadPlugin(pkg, { source: draft.source });
    const verdict = judgeScenario(fixture.expect, await executeScenario(upstream.factory, fixture));
    if (verdict.status === 'pass') {
      upstreamChecks.push({ fixture: fixture.id, title: fixture.title, upstream: upstream.label, status: 'agrees' });
    } else if (draft.upstreamDeviation) {
      upstreamChecks.push({ fixture: fixture.id, title: fixture.title, upstream: upstream.label, status: 'deviates', reason: draft.upstreamDeviation, message: verdict.message });
    } else {
      throw new GenerationError(`"${draft.title}": the published ${upstream.label} disagrees with the ${revision} reference: ${verdict.message}`);
    }
  }
  return fixture;
}

/** Turn a log draft into a fixture after checking the validator reports exactly the stated rule ids. */
export async function materialiseLog(draft: LogDraft, modules: readonly RuleModule[]): Promise<LogFixture> {
  const revisions = draft.revisions;
  const base = LogFixture.omit({ id: true }).parse({
    format: FIXTURE_FORMAT_VERSION,
    kind: 'log',
    ...described(draft, revisions),
    header: draft.header,
    log: deterministicUuids(draft.log.map(canonicalLogEntry)),
    ...(draft.tornTail ? { tornTail: true } : {}),
    ...(draft.zstd ? { zstd: Buffer.from(draft.zstd).toString('base64') } : {}),
    expect: { findings: [] },
    provenance: draft.provenance,
  });
  // Bare rule ids are located by the first revision's report; every revision must then agree exactly.
  let expect: LogFixture['expect'] | undefined;
  for (const revision of revisions) {
    const got = await logFixtureFindings(base, revision, modules);
    if (expect === undefined) {
      const findings = pinLocations(draft.findings, got.findings);
      const info = draft.info ? pinLocations(draft.info, got.info) : undefined;
      if (findings === undefined || (draft.info && info === undefined)) {
        throw new GenerationError(`log fixture "${draft.title}" (${revision}): expected ${JSON.stringify({ findings: draft.findings, info: draft.info })}, the validator reported ${JSON.stringify(got)}`);
      }
      expect = { findings, ...(info ? { info } : {}) };
    }
    const d = findingsDifference(expect.findings, got.findings) ?? (expect.info ? findingsDifference(expect.info, got.info) : undefined);
    if (d) throw new GenerationError(`log fixture "${draft.title}" (${revision}): ${d}`);
  }
  const located = { ...base, expect: expect! };
  return LogFixture.parse({ ...located, id: fixtureId(located as unknown as Record<string, unknown>) });
}

/**
 * The JSONL text of a log fixture, as it is stored in `log.jsonl`: the header, then one line per
 * entry. An entry `{"$rawLine": "..."}` is written verbatim, so fixtures can hold malformed lines.
 */
export function logFixtureText(fixture: Pick<LogFixture, 'header' | 'log' | 'tornTail'>): string {
  return [fixture.header, ...fixture.log].map(jsonlLine).join('\n') + (fixture.tornTail ? '' : '\n');
}

/**
 * The sorted multiset of located error/warning findings (and info findings) the validator reports for
 * a log fixture, read through the real reader (so malformed lines are judged exactly as `check`
 * judges them).
 */
export async function logFixtureFindings(
  fixture: Pick<LogFixture, 'header' | 'log' | 'config' | 'tornTail' | 'zstd'>,
  revision: SpecRevision,
  modules: readonly RuleModule[],
): Promise<{ findings: ExpectedFinding[]; info: ExpectedFinding[] }> {
  const input = fixture.zstd !== undefined ? { name: 'log.jsonl.zstd', bytes: Buffer.from(fixture.zstd, 'base64') } : { name: 'log.jsonl', bytes: logFixtureText(fixture) };
  const result = await checkText(input.name, input.bytes, { modules, revision, configs: (fixture.config ?? {}) as KnownConfigs });
  const ids = (keep: (s: string) => boolean) => sortFindings(result.findings.filter((f) => keep(f.severity)).map(locate));
  return { findings: ids((s) => s !== 'info'), info: ids((s) => s === 'info') };
}

