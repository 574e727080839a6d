import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * action.yml: its shape, and its main step's script run for real under bash the way the runner
 * would (inputs as INPUT_* env, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files), against this checkout's CLI.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const action = parse(readFileSync(join(root, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default: string }>;
  outputs: Record<string, unknown>;
  runs: { using: string; steps: Array<{ id?: string; uses?: string; run?: string; env?: Record<string, string> }> };
};
const work = mkdtempSync(join(tmpdir(), 'dsh-action-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function runStep(inputs: Record<string, string>) {
  const step = action.runs.steps.find((s) => s.id === 'conform')!;
  const dir = mkdtempSync(join(work, 'ws-'));
  // The workspace's own node_modules/.bin/dsh-ctx-conform: this checkout's CLI.
  mkdirSync(join(dir, 'node_modules/.bin'), { recursive: true });
  const bin = join(dir, 'node_modules/.bin/dsh-ctx-conform');
  writeFileSync(bin, `#!/bin/sh\nexec "${process.execPath}" --import "${import.meta.resolve('tsx')}" "${join(root, 'conformance/cli/bin.ts')}" "$@"\n`);
  chmodSync(bin, 0o755);
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', GITHUB_OUTPUT: join(dir, 'output'), GITHUB_STEP_SUMMARY: join(dir, 'summary') };
  for (const [k, expr] of Object.entries(step.env ?? {})) {
    const name = /inputs\.([a-z-]+)/.exec(expr)![1];
    env[k] = inputs[name] ?? action.inputs[name].default;
  }
  const r = spawnSync('bash', ['-c', step.run!], { cwd: dir, env, encoding: 'utf8', timeout: 120_000 });
  const text = existsSync(join(dir, 'output')) ? readFileSync(join(dir, 'output'), 'utf8') : '';
  const outputs = Object.fromEntries(text.trim().split('\n').filter(Boolean).map((l) => l.split('=', 2) as [string, string]));
  return { ...r, dir, outputs };
}

describe('action.yml', () => {
  it('is a composite action that uploads SARIF and the reports', () => {
    expect(action.runs.using).toBe('composite');
    const uses = action.runs.steps.map((s) => s.uses ?? '');
    expect(uses).toEqual(expect.arrayContaining([expect.stringMatching(/^github\/codeql-action\/upload-sarif@/), expect.stringMatching(/^actions\/upload-artifact@/)]));
    expect(Object.keys(action.outputs)).toEqual(['exit-code', 'junit', 'sarif', 'html']);
  });

  it('check: annotates, writes JUnit, SARIF and HTML, and reports the exit code', () => {
    const logs = join(root, 'invariants/log/test-fixtures');
    const r = runStep({ command: 'check', paths: `${join(logs, 'synthetic-minimal.jsonl')} ${join(logs, 'synthetic-session.jsonl')}` });
    expect(r.status).toBe(0);
    expect(r.outputs['exit-code']).toBe('0');
    expect(r.stdout).toContain('dsh-ctx-conform check: 2 files');
    expect(readFileSync(join(r.dir, r.outputs.junit), 'utf8')).toContain('tests="2"');
    expect(JSON.parse(readFileSync(join(r.dir, r.outputs.sarif), 'utf8')).version).toBe('2.1.0');
    expect(readFileSync(join(r.dir, r.outputs.html), 'utf8')).toContain('<!doctype html>');
  });

  it.each([['revision'], ['spec']])("check: the '%s' input picks the revision ('spec' is the deprecated alias)", (input) => {
    // A 2026-08 log judged under 2026-07: its three-line readings are findings (exit 1), and the report names 2026-07.
    const r = runStep({ command: 'check', paths: join(root, 'invariants/log/test-fixtures/synthetic-minimal.jsonl'), [input]: '2026-07' });
    expect(r.outputs['exit-code']).toBe('1');
    expect(JSON.parse(readFileSync(join(r.dir, r.outputs.sarif), 'utf8')).runs[0].properties.spec).toBe('2026-07');
  });

  it('run: a failing plugin gives ::error annotations and exit-code 1', () => {
    const r = runStep({ command: 'run', plugin: join(root, 'conformance/runner/test-plugins/silent.cjs'), args: '--filter ordering' });
    expect(r.outputs['exit-code']).toBe('1');
    expect(r.stdout).toMatch(/^::error file=.*fixture\.json,title=/m);
    expect(JSON.parse(readFileSync(join(r.dir, r.outputs.sarif), 'utf8')).runs[0].results.length).toBeGreaterThan(0);
  });

  it('check without paths is refused', () => {
    const step = runStep({ command: 'check' });
    expect(step.status).toBe(2);
    expect(step.stdout).toContain("'paths' is required");
    expect(step.outputs).toEqual({});
  });
});
