import { mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderRunReport } from '../../reporters/run-reporters.js';
import { reasonProblems } from '../../results/consistency.js';
import { materialiseScenario } from '../../scenario/materialise.js';
import { buildCatalog, writeFixture } from '../../scenario/store.js';
import { runConformance } from '../run-conformance.js';
import type { RunReport } from '../results.js';

/**
 * The hostile corpus (issue "A pass that means something"): each file here is a time-context plugin
 * that implements nothing, plus one cheat or one fault. None may pass; the faults must be contained
 * (no orphan process, the memory ceiling holds, the report cannot be forged or garbled).
 */
const here = import.meta.dirname;
const BASE = Date.parse('2026-07-14T00:00:00.000Z');
let suite: string;
let marker: string;
const savedTmp = process.env.TMPDIR;

beforeAll(async () => {
  // Every process the kit starts for a plugin has its temporary root under this directory, which
  // names it in its command line: the orphan scan looks for it.
  marker = mkdtempSync(join(tmpdir(), 'dsh-hostile-marker-'));
  process.env.TMPDIR = marker;
  suite = mkdtempSync(join(savedTmp ?? '/tmp', 'dsh-hostile-suite-'));
  const header = { type: 'session' as const, version: 0, id: 'session-hostile', createdAt: BASE, cwd: '/proj', delegationDepth: 0 };
  const drafts = [
    { title: 'first reading after a prompt', actions: [{ do: 'prompt' as const, message: { text: 'hi' } }, { do: 'clock' as const, advance: 1_000 }, { do: 'pre-step' as const }] },
    { title: 'a reading on each of two turns', actions: [{ do: 'prompt' as const, message: { text: 'a' } }, { do: 'pre-step' as const }, { do: 'turn-end' as const }, { do: 'clock' as const, advance: 600_000 }, { do: 'prompt' as const, message: { text: 'b' } }, { do: 'pre-step' as const }] },
  ];
  const fixtures = [];
  for (const d of drafts) fixtures.push(await materialiseScenario({ source: 'time-context', category: 'ordering', rules: [], revisions: ['2026-08'], env: { clock: BASE, tz: 'UTC', header }, ...d }, []));
  for (const f of fixtures) writeFixture(suite, f);
  writeFileSync(join(suite, 'index.json'), JSON.stringify(buildCatalog(suite, fixtures)));
  process.env.DSH_HOSTILE_FIXTURES = suite;
}, 60_000);

afterAll(() => {
  process.env.TMPDIR = savedTmp;
  if (savedTmp === undefined) delete process.env.TMPDIR;
  rmSync(suite, { recursive: true, force: true });
  rmSync(marker, { recursive: true, force: true });
});

async function run(files: string[], extra: Partial<Parameters<typeof runConformance>[0]> = {}): Promise<RunReport> {
  const report = await runConformance({ plugins: files.map((f) => ({ pluginArg: join(here, f), cwd: here })), revision: '2026-08', fixtureRoot: suite, timeoutMs: 3_000, ...extra });
  // Every verdict the corpus provokes (timeouts, crashes, protocol violations, denials) is data its message renders.
  expect(report.results.flatMap((r) => reasonProblems(r, `${r.plugin} ${r.fixture}`))).toEqual([]);
  return report;
}

/** Live processes whose command line, environment or cwd mentions the marker (killed ones get a moment to be reaped). */
async function processesWithMarker(): Promise<string[]> {
  let found = scan();
  for (let i = 0; i < 30 && found.length; i++) {
    await new Promise((r) => setTimeout(r, 100));
    found = scan();
  }
  return found;
}

function scan(): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    if (Number(pid) === process.pid) continue;
    try {
      if (/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))) continue;
      const text = [readFileSync(`/proc/${pid}/cmdline`, 'utf8'), readFileSync(`/proc/${pid}/environ`, 'utf8'), readlinkSync(`/proc/${pid}/cwd`)].join('\n');
      if (text.includes(marker)) found.push(`${pid}: ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').slice(0, 200)}`);
    } catch {
      // Gone, or not ours to read.
    }
  }
  return found;
}

const CHEATS = ['object-is.mjs', 'json-stringify.mjs', 'json-parse.mjs', 'to-json.mjs', 'process-send.mjs', 'unsolicited.mjs', 'message-handler.mjs', 'mutate-inputs.mjs', 'read-fixtures.mjs', 'replay-expected.mjs'];
const FAULTS = ['spawn-detached.mjs', 'spawn-attached.mjs', 'fork-bomb.mjs', 'proc-fd.mjs', 'ansi-error.mjs', 'kill-parent.mjs', 'busy-loop.mjs', 'huge-message.mjs', 'close-ipc.mjs'];

describe('the hostile corpus', () => {
  it('has a test for every file in it', () => {
    const files = readdirSync(here).filter((f) => f.endsWith('.mjs'));
    expect(files.sort()).toEqual([...CHEATS, ...FAULTS, 'off-heap.mjs', 'noisy.mjs'].sort());
  });

  it.each(CHEATS.map((f) => [f]))('%s cannot buy a pass', async (file) => {
    const report = await run([file]);
    // Two fixture rows, or one `load` row when the cheat already breaks loading.
    expect(report.results.length).toBeGreaterThan(0);
    for (const r of report.results) expect(r.status, `${file}: ${r.message}`).not.toBe('pass');
    expect(report.summary.pass).toBe(0);
  });

  it('names what the sandbox denied when a plugin reads the suite from disk', async () => {
    const report = await run(['read-fixtures.mjs', 'replay-expected.mjs']);
    const messages = report.results.map((r) => r.message).join('\n');
    expect(report.results.every((r) => r.status === 'error')).toBe(true);
    expect(messages).toContain('FileSystemRead');
    expect(messages).toContain(join(here, '..', '..', 'fixtures', 'index.json'));
  });

  // A fault during the plugin's load is an unexpected load failure, which spec/verdicts.md classes as
  // `fail`; a fault while running is `error`. Either way: contained, and never a pass.
  it.each(FAULTS.map((f) => [f]))('%s is contained, never a pass', async (file) => {
    const report = await run([file]);
    expect(report.results.length).toBeGreaterThan(0);
    for (const r of report.results) expect(['fail', 'error'], `${file}: ${r.message}`).toContain(r.status);
    expect(await processesWithMarker()).toEqual([]);
  });

  it('refuses to signal the parent, and the run goes on (the parent is alive to report it)', async () => {
    const report = await run(['kill-parent.mjs']);
    expect(report.results[0]!.message).toMatch(/signalling another process .* not allowed|ERR_ACCESS_DENIED/);
  });

  it('stops a process past the memory ceiling, off-heap memory included', async () => {
    const started = Date.now();
    const report = await run(['off-heap.mjs'], { maxMemoryBytes: 256 * 1024 ** 2, timeoutMs: 20_000 });
    expect(report.results.length).toBe(2);
    for (const r of report.results) expect(r.status).toBe('error');
    expect(report.results[0]!.message).toMatch(/exceeded the memory ceiling of 256 MiB \(resident \d+ MiB/);
    const resident = Number(/resident (\d+) MiB/.exec(report.results[0]!.message)![1]);
    expect(resident).toBeLessThan(1024);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await processesWithMarker()).toEqual([]);
  });

  it('reports oversized and closed channels as the plugin\'s error', async () => {
    const report = await run(['huge-message.mjs', 'close-ipc.mjs']);
    expect(report.results.find((r) => r.plugin.includes('huge'))?.message).toContain('over the limit');
    expect(report.results.find((r) => r.plugin.includes('close'))?.message).toMatch(/ended the process|exit code/);
  });

  it('keeps control sequences from a plugin out of every reporter', async () => {
    const report = await run(['ansi-error.mjs']);
    for (const reporter of ['human', 'tap', 'junit', 'json'] as const) {
      const text = renderRunReport(reporter, report, false);
      expect(text, reporter).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202e]/);
      if (reporter !== 'json') expect(text, reporter).toContain('\\x1b[2J');
    }
    expect(JSON.parse(renderRunReport('json', report)).results[0].message).toContain('\u001b[2J');
  });

  it('keeps the results of the first plugin when the second cannot be loaded, and still runs the third', async () => {
    mkdirSync(join(suite, '..', 'dsh-hostile-broken'), { recursive: true });
    const broken = join(suite, '..', 'dsh-hostile-broken', 'broken.mjs');
    writeFileSync(broken, 'export const name = "time-context";\nthrow new TypeError("broken at import");\n');
    try {
      // The second and fourth plugins and the revision use the 0.1 name `spec`, still accepted.
      const report = await runConformance({
        plugins: [{ pluginArg: '@deepseek-ai/dsh-time-context', cwd: join(here, '..', '..', '..') }, { spec: broken }, { pluginArg: './no/such/plugin', cwd: here }, { spec: join(here, 'object-is.mjs') }],
        spec: '2026-08',
        fixtureRoot: suite,
        timeoutMs: 5_000,
      });
      expect(report.plugins.map((p) => p.loadError === undefined)).toEqual([true, false, false, true]);
      const first = report.results.filter((r) => r.plugin.startsWith('@deepseek-ai/dsh-time-context'));
      expect(first.map((r) => r.status)).toEqual(['pass', 'pass']);
      const load = report.results.filter((r) => r.fixture === 'load');
      expect(load.map((r) => r.status)).toEqual(['error', 'error']);
      expect(load[0]!.message).toContain('broken at import');
      expect(load[1]!.message).toContain('cannot find plugin "./no/such/plugin"');
      expect(report.results.filter((r) => r.plugin.includes('object-is')).length).toBe(2);
    } finally {
      rmSync(join(suite, '..', 'dsh-hostile-broken'), { recursive: true, force: true });
    }
  });

  it('reads the 0.1 option `spec` as the revision (deprecated alias); `revision` wins over it', async () => {
    // The suite here holds 2026-08 fixtures only: under 2026-07 none applies.
    const old = await runConformance({ plugins: ['reference:time-context'], spec: '2026-07', fixtureRoot: suite, timeoutMs: 3_000, contributorRuns: 0 });
    expect(old.spec).toBe('2026-07');
    expect(old.results).toEqual([]);
    const both = await runConformance({ plugins: ['reference:time-context'], revision: '2026-08', spec: '2026-07', fixtureRoot: suite, timeoutMs: 3_000, contributorRuns: 0 });
    expect(both.spec).toBe('2026-08');
    expect(both.results.map((r) => r.status)).toEqual(['pass', 'pass']);
  });

  it("shows an honest author the plugin's output and a stack pointing into the plugin", async () => {
    const report = await run(['noisy.mjs']);
    const r = report.results[0]!;
    // It throws at load, where the fixture expects a successful load: `fail` (spec/verdicts.md).
    expect(r.status).toBe('fail');
    expect(r.output?.stdout).toContain('noisy: apply called');
    expect(r.output?.stderr).toContain('noisy: about to read an undefined property');
    expect(r.output?.stderr).toMatch(/TypeError: Cannot read properties of undefined[\s\S]*noisy\.mjs:\d+:\d+/);
    const human = renderRunReport('human', report);
    expect(human).toContain('plugin stdout:');
    expect(renderRunReport('junit', report)).toContain('<system-err>');
    expect(renderRunReport('tap', report)).toMatch(/ {2}stderr: ".*noisy\.mjs/);
  });
});
