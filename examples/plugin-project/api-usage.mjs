// The library API: run this plugin, check a log, render reports. Exits 1 if anything is off.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkLogs, loadFixtures, renderReport, runConformance, runFailed } from 'dsh-ctx-conform';

const here = new URL('.', import.meta.url).pathname;
const report = await runConformance({ plugins: [here], expectedFailures: join(here, 'conform-baseline.yaml') });
console.log(`run: ${report.summary.pass} passed, ${report.summary.expectedFailures} expected failures, ${report.summary.fail} failed, ${report.summary.stale} stale`);

// A clean log from the suite itself (a log fixture's log.jsonl), checked like any session.jsonl.
const logFixture = loadFixtures({ kind: 'log', source: 'time-context' }).find((f) => f.expect.findings.length === 0 && !f.zstd && !f.config);
const checked = await checkLogs(join(logFixture.dir, 'log.jsonl'));
console.log(`check: ${checked.summary.files} file, ${checked.summary.events} events, ${checked.summary.errors} errors`);

const dir = mkdtempSync(join(tmpdir(), 'example-'));
const html = await renderReport(report, 'html');
writeFileSync(join(dir, 'conform.html'), html);
const junit = await renderReport(checked, 'junit');
console.log(`rendered ${html.length} bytes of HTML and ${junit.length} bytes of JUnit`);
process.exitCode = runFailed(report) || checked.summary.errors > 0 ? 1 : 0;
