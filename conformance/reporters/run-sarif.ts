import { ruleIndexes, sarifLog } from '../../invariants/reporters/sarif-log.js';
import { specUri } from '../../invariants/reporters/spec-uri.js';
import { resultMessage } from '../results/messages.js';
import type { FixtureResult, RunReport } from '../runner/results.js';

/**
 * SARIF 2.1.0 for a plugin run, so the GitHub Action can upload one code-scanning file for `run` as it
 * does for `check`. A fixture that did not pass is a result located at its fixture.json (the file that
 * reproduces it); the rule is the first invariant rule it broke, else `<source>/<category>`, with help
 * at that source's spec document. Expected failures are `note`s; passes are not results.
 */
function ruleOf(r: FixtureResult): string {
  return r.rules?.[0] ?? `${r.source}/${r.category}`;
}

function specDocOf(r: FixtureResult): string {
  const rule = r.rules?.[0];
  return rule ? `spec/${r.source}.md#${rule.toLowerCase()}` : `spec/${r.source}.md`;
}

export function renderRunSarif(report: RunReport): string {
  const bad = report.results.filter((r) => r.status !== 'pass');
  const rules = new Map<string, FixtureResult>();
  for (const r of bad) if (!rules.has(ruleOf(r))) rules.set(ruleOf(r), r);
  const ids = [...rules.keys()].sort();
  const index = ruleIndexes(ids);
  const sarif = sarifLog({
    tool: report.tool,
    rules: ids.map((id) => ({ id, name: id, shortDescription: { text: `conformance: ${id}` }, helpUri: specUri(report.tool.version, specDocOf(rules.get(id)!)) })),
    properties: { spec: report.spec },
    results: bad.map((r) => ({
      ruleId: ruleOf(r),
      ruleIndex: index.get(ruleOf(r))!,
      level: r.expected ? 'note' : 'error',
      message: { text: `${r.plugin}: ${r.title} [${r.fixture}]: ${resultMessage(r)}${r.diff ? ` (at ${r.diff.path})` : ''}` },
      locations: [{ physicalLocation: { artifactLocation: { uri: r.path ? `${r.path.split('\\').join('/')}/fixture.json` : `fixture/${r.fixture}` } } }],
      properties: { plugin: r.plugin, fixture: r.fixture, status: r.status, expected: r.expected ?? false },
    })),
  });
  return `${JSON.stringify(sarif, null, 2)}\n`;
}

const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** GitHub Actions annotations for a plugin run: one ::error per unlisted failure, at its fixture. */
export function renderRunGithub(report: RunReport): string {
  const lines: string[] = [];
  for (const r of report.results) {
    if (r.status === 'pass') continue;
    const level = r.expected ? 'notice' : 'error';
    const file = r.path ? [`file=${escapeProperty(`${r.path}/fixture.json`)}`] : [];
    const diff = r.diff ? `\nat ${r.diff.path}\nexpected: ${JSON.stringify(r.diff.expected)}\nactual:   ${JSON.stringify(r.diff.actual)}` : '';
    lines.push(`::${level} ${[...file, `title=${escapeProperty(`${r.plugin} ${r.source}/${r.category}: ${r.title} [${r.fixture}]`)}`].join(',')}::${escapeData(`${r.status}: ${resultMessage(r)}${diff}`)}`);
  }
  for (const p of report.properties) if (p.status !== 'pass') lines.push(`::error title=${escapeProperty(`property: ${p.plugin}`)}::${escapeData(`${resultMessage(p)}${p.counterexample ? `\ncounterexample: ${p.counterexample}` : ''}`)}`);
  if (report.stale.length) lines.push(`::error title=stale baseline::${escapeData(`expected failures that now pass: ${report.stale.join(', ')}`)}`);
  const s = report.summary;
  lines.push(`dsh-ctx-conform run: ${s.pass} passed, ${s.fail} failed, ${s.error} errors, ${s.expectedFailures} expected failures, ${s.stale} stale`);
  return `${lines.join('\n')}\n`;
}
