import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from './main.js';
import { reasonProblems } from '../results/consistency.js';
import { RunReport } from '../runner/results.js';
import { materialiseScenario } from '../scenario/materialise.js';
import { buildCatalog, writeFixture } from '../scenario/store.js';

const exec = promisify(execFile);
const bin = join(import.meta.dirname, 'bin.ts');
const plugins = join(import.meta.dirname, '..', 'runner', 'test-plugins');
const BASE = Date.parse('2026-07-14T00:00:00.000Z');
let dir: string;
let fixtureIds: string[];

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ['--import', 'tsx', bin, ...args], { cwd: join(import.meta.dirname, '..', '..'), timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  // A two-fixture suite built the way `npm run fixtures` builds one, so these tests don't depend on
  // the size or content of the committed suite.
  dir = mkdtempSync(join(tmpdir(), 'dsh-run-test-'));
  const header = { type: 'session' as const, version: 0, id: 'session-run-test', createdAt: BASE, cwd: '/proj', delegationDepth: 0 };
  const drafts = [
    { title: 'first reading after a prompt', actions: [{ do: 'prompt' as const, message: { text: 'hi' } }, { do: 'clock' as const, advance: 1_000 }, { do: 'pre-step' as const }] },
    { title: 'no reading on reject', actions: [{ do: 'prompt' as const, message: { text: 'hi' } }, { do: 'pre-step' as const, downstream: { kind: 'reject' as const } }] },
  ];
  const fixtures = [];
  for (const d of drafts) {
    fixtures.push(await materialiseScenario({ source: 'time-context', category: 'ordering', rules: [], revisions: ['2026-08'], env: { clock: BASE, tz: 'UTC', header }, ...d }, []));
  }
  for (const f of fixtures) writeFixture(dir, f);
  writeFileSync(join(dir, 'index.json'), JSON.stringify(buildCatalog(dir, fixtures)));
  fixtureIds = fixtures.map((f) => f.id);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A JSON report, validated, with every result's and property's message its reason rendered (and the reason intact through JSON). */
function judged(stdout: string): RunReport {
  const report = RunReport.parse(JSON.parse(stdout));
  expect(report.results.flatMap((r) => reasonProblems(r, `${r.plugin} ${r.fixture}`))).toEqual([]);
  expect(report.properties.flatMap((p) => reasonProblems(p, `property ${p.plugin}`))).toEqual([]);
  return report;
}

describe('dsh-ctx-conform PLUGIN', () => {
  it('passes the published package and reports JSON that matches the schema', async () => {
    const r = await cli(['@deepseek-ai/dsh-time-context', '--fixtures', dir, '--reporter', 'json']);
    expect(r.code).toBe(0);
    const report = judged(r.stdout);
    expect(report.summary).toMatchObject({ pass: 2, fail: 0, error: 0 });
    expect(report.plugins[0]).toMatchObject({ plugin: '@deepseek-ai/dsh-time-context@0.1.0-rc.8', source: 'time-context', shape: 'namespace' });
  });

  it('fails a plugin that departs from the spec, showing the first difference', async () => {
    const r = await cli([join(plugins, 'silent.cjs'), '--fixtures', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('FAIL first reading after a prompt');
    expect(r.stdout).toContain('Summary: 1 passed, 1 failed, 0 errors');
  });

  it('reports a hang past --timeout and a process exit as errors, a frozen-input mutation (a turn failure) as a fail, and goes on', async () => {
    // spec/verdicts.md: the mutation throws inside the pre-step, an unexpected turn failure, so `fail`.
    const mutated = await cli([join(plugins, 'mutates.mjs'), '--fixtures', dir, '--timeout', '800', '--reporter', 'json']);
    expect(mutated.code).toBe(1);
    const fails = judged(mutated.stdout).results.filter((x) => x.status === 'fail');
    expect(fails.map((e) => e.message).join('\n')).toContain('read only');
    for (const [file, text] of [
      ['hangs.mjs', 'did not finish within --timeout 800 ms'],
      ['exits.mjs', 'ended the process (exit code 7'],
    ] as const) {
      const r = await cli([join(plugins, file), '--fixtures', dir, '--timeout', '800', '--reporter', 'json']);
      expect(r.code, file).toBe(1);
      const report = judged(r.stdout);
      expect(report.results, file).toHaveLength(2);
      const errors = report.results.filter((x) => x.status === 'error');
      expect(errors.length, file).toBeGreaterThan(0);
      expect(errors.map((e) => e.message).join('\n'), file).toContain(text);
    }
  });

  it('honours an expected-failures baseline, and fails a stale one', async () => {
    const baseline = join(dir, 'baseline.yaml');
    let r = await cli([join(plugins, 'silent.cjs'), '--fixtures', dir, '--expected-failures', baseline, '--update-baseline']);
    expect(r.code).toBe(0);
    expect(readFileSync(baseline, 'utf8')).toContain(fixtureIds[0]);
    r = await cli([join(plugins, 'silent.cjs'), '--fixtures', dir, '--expected-failures', baseline]);
    expect(r.code).toBe(0);
    r = await cli(['@deepseek-ai/dsh-time-context', '--fixtures', dir, '--expected-failures', baseline]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Stale baseline');
  });

  it('treats mistakes in the call as usage errors (exit 2, no stack trace)', async () => {
    // In-process: these are refused before any plugin is loaded.
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      for (const args of [['--revision', '2025-01'], ['--spec', '2025-01'], ['--revision', '2026-08', '--spec', '2026-07'], ['--reporter', 'xml'], ['--timeout', 'soon'], ['--update-baseline'], ['--config', '{nope'], ['--seed', 'soon'], ['--source', 'clock']]) {
        stderr.mockClear();
        expect(await main([...args, '--fixtures', dir]), args.join(' ')).toBe(2);
        const text = stderr.mock.calls.map((c) => String(c[0])).join('');
        expect(text, args.join(' ')).toContain("Run 'dsh-ctx-conform run --help'");
        expect(text, args.join(' ')).not.toMatch(/\n\s+at /);
      }
    } finally {
      stderr.mockRestore();
    }
  });

  it('says clearly when a plugin cannot be loaded', async () => {
    const r = await cli(['./no/such/plugin', '--fixtures', dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('cannot load plugin ./no/such/plugin');
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses an --output it could not write before running anything (exit 2)', async () => {
    for (const output of [join(dir, 'no', 'such', 'dir', 'report.xml'), dir]) {
      const r = await cli(['@deepseek-ai/dsh-time-context', '--fixtures', dir, '--output', output]);
      expect(r.code, output).toBe(2);
      expect(r.stderr, output).toContain('--output');
      expect(r.stdout, output).toBe('');
    }
  });

  it('compares a plugin with the reference over generated sessions, the reference in the kit and the plugin isolated', async () => {
    let r = await cli(['@deepseek-ai/dsh-time-context', '--fixtures', dir, '--runs', '5', '--seed', '7', '--reporter', 'json']);
    expect(r.code).toBe(0);
    expect(judged(r.stdout).properties[0]).toMatchObject({ status: 'pass', runs: 5, seed: 7 });
    r = await cli([join(plugins, 'silent.cjs'), '--fixtures', dir, '--runs', '5', '--seed', '7', '--reporter', 'json']);
    expect(r.code).toBe(1);
    const property = judged(r.stdout).properties[0]!;
    expect(property.status).toBe('fail');
    expect(property.counterexample).toBeTruthy();
    rmSync(join(import.meta.dirname, '..', '..', property.counterexample!), { recursive: true, force: true });
  });

  it('keeps the output of passing fixtures only with --show-output', async () => {
    const noisy = join(dir, 'noisy-pass.mjs');
    writeFileSync(noisy, `import * as ref from ${JSON.stringify(join(import.meta.dirname, '..', '..', 'dist', 'reference', 'time-context', 'index.js'))};\nexport const { name, Config, inject } = ref;\nexport function apply(ctx, config) { console.log('hello from the plugin'); return ref.apply(ctx, config); }\n`);
    let r = await cli([noisy, '--fixtures', dir, '--reporter', 'json']);
    expect(judged(r.stdout).results.every((x) => x.status === 'pass' && x.output === undefined)).toBe(true);
    r = await cli([noisy, '--fixtures', dir, '--reporter', 'json', '--show-output']);
    expect(judged(r.stdout).results.map((x) => x.output?.stdout)).toEqual(['hello from the plugin\n', 'hello from the plugin\n']);
  });
});
