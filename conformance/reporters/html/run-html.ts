import { resultMessage } from '../../results/messages.js';
import type { FixtureResult, RunReport } from '../../runner/results.js';
import { count, esc, pageEnd, pageStart, sideBySide } from './page.js';

/**
 * `--reporter html` for plugin runs: a summary, then per plugin a table of every fixture and, for each
 * one that did not pass, the first difference with expected and actual side by side and the path of
 * the fixture directory that reproduces it. A generator of chunks, like the other streaming reporters.
 */
function statusOf(r: FixtureResult): string {
  return r.status === 'pass' ? 'pass' : r.expected ? 'expected' : r.status;
}

function* problem(r: FixtureResult): Generator<string> {
  yield `<details open data-status="${esc(statusOf(r))}" data-fixture="${esc(r.fixture)}"><summary><span class="status ${esc(statusOf(r))}">${esc(statusOf(r))}</span> ${esc(r.source)} / ${esc(r.category)} / ${esc(r.title)} <code>[${esc(r.fixture)}]</code></summary>`;
  yield `<p class="message">${esc(resultMessage(r))}</p>`;
  if (r.rules?.length) yield `<p>Invariant rules violated: ${r.rules.map((id) => `<code>${esc(id)}</code>`).join(', ')}</p>`;
  if (r.diff) {
    yield `<p>First difference at <code class="diff-path">${esc(r.diff.path)}</code></p>`;
    yield sideBySide(r.diff.expected, r.diff.actual);
  }
  if (r.path) yield `<p class="reproduce">Reproduce: <code>${esc(r.path)}/</code> (initial.jsonl + the actions in fixture.json → expected.jsonl); rerun with <code>--filter ${esc(r.fixture)}</code></p>`;
  yield `</details>\n`;
}

export function* renderRunHtml(report: RunReport): Generator<string> {
  const s = report.summary;
  yield* pageStart('dsh-ctx-conform run', `dsh-ctx-conform ${report.tool.version} · spec ${report.spec} · ${report.plugins.length} plugin(s)`);
  yield `<div class="summary">${count('pass', 'passed', s.pass)}${count('fail', 'failed', s.fail)}${count('error', 'errors', s.error)}${count('expected', 'expected failures', s.expectedFailures)}${count('stale', 'stale', s.stale)}</div></header><main>`;
  yield `<div class="controls"><label><input type="checkbox" id="only-problems"> show only fixtures that did not pass</label></div>`;
  if (report.stale.length) yield `<p class="stale"><strong>Stale baseline:</strong> these expected failures now pass — remove them: ${report.stale.map((id) => `<code>${esc(id)}</code>`).join(', ')}</p>`;
  for (const p of report.plugins) {
    const rs = report.results.filter((r) => r.plugin === p.plugin);
    yield `<section class="plugin"><h2>${esc(p.plugin)} <span class="muted">(${esc(p.source)}, ${esc(p.shape)}) ${rs.filter((r) => r.status === 'pass').length}/${rs.length} pass</span></h2>`;
    for (const r of rs) if (r.status !== 'pass') yield* problem(r);
    yield `<table><thead><tr><th>status</th><th>category</th><th>fixture</th><th>id</th><th>ms</th></tr></thead><tbody>`;
    for (const r of rs) {
      yield `<tr data-status="${esc(statusOf(r))}"><td class="status ${esc(statusOf(r))}">${esc(statusOf(r))}</td><td>${esc(r.category)}</td><td>${esc(r.title)}</td><td><code>${esc(r.fixture)}</code></td><td>${r.durationMs}</td></tr>`;
    }
    yield `</tbody></table></section>\n`;
  }
  for (const prop of report.properties) {
    yield `<section class="property" data-status="${esc(prop.status)}"><h2>property: ${esc(prop.plugin)} vs the reference</h2><p><span class="status ${esc(prop.status)}">${esc(prop.status)}</span> ${prop.runs} generated sessions, seed ${prop.seed}: ${esc(resultMessage(prop))}</p>`;
    if (prop.counterexample) yield `<p class="reproduce">Counterexample fixture: <code>${esc(prop.counterexample)}</code></p>`;
    yield `</section>`;
  }
  yield* pageEnd();
}
