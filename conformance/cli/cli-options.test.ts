import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CheckReport } from '../../invariants/reporters/report.js';
import { RunReport } from '../runner/results.js';
import { runHelp } from './commands/run.js';
import { extractOutputFiles, resolveReporters } from './reporter-options.js';
import { UsageError } from './usage-error.js';

/** The CLI surface issue 17 fixed: help topics, reporter options, usage errors before any work, merge-reports. */
const root = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'dsh-cli-options-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const silent = join(root, 'conformance/runner/test-plugins/silent.cjs');
const logs = join(root, 'invariants/log/test-fixtures');

function cli(args: string[]) {
  const r = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), join(root, 'conformance/cli/bin.ts'), ...args], { cwd: work, encoding: 'utf8', timeout: 120_000, env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('help', () => {
  it('help run and --help run print the run help; the top-level help names every command', () => {
    for (const args of [['help', 'run'], ['--help', 'run']]) {
      const r = cli(args);
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(runHelp);
    }
    expect(cli(['help', 'merge-reports']).stdout).toContain('Usage: dsh-ctx-conform merge-reports');
    const top = cli(['--help']).stdout;
    expect(top).toContain('dsh-ctx-conform [run] [PLUGIN...]');
    for (const name of ['check', 'merge-reports', 'fixtures', 'help']) expect(top).toMatch(new RegExp(`dsh-ctx-conform ${name}\\b`));
    expect(top).toContain('Commands: run, check, merge-reports, fixtures, help.');
    expect(cli(['help', 'nope']).code).toBe(2);
  });

  it('check --help points to merge-reports, not to concatenation', () => {
    const help = cli(['check', '--help']).stdout;
    expect(help).not.toMatch(/concatenat/i);
    expect(help).toContain('merge-reports');
  });
});

describe('usage errors', () => {
  it('fixtures --list --source nope is a usage error', () => {
    const r = cli(['fixtures', '--list', '--source', 'nope']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--source "nope" is not in the suite');
  });

  it('run --output to an unwritable path is exit 2 before anything runs, without a stack trace', () => {
    const started = Date.now();
    const r = cli([silent, '--output', join(work, 'no-such-dir', 'report.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot write the human report to .*no-such-dir.*--output.*directory .* does not exist/);
    expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    // The whole suite for a failing plugin takes far longer than refusing the option does.
    expect(Date.now() - started).toBeLessThan(30_000);
    if (process.getuid?.() !== 0) {
      const ro = join(work, 'read-only');
      mkdirSync(ro);
      chmodSync(ro, 0o500);
      expect(cli([silent, '--output', join(ro, 'x.json')]).code).toBe(2);
    }
  });

  it('two reporters on stdout, or an unknown reporter, are usage errors', () => {
    expect(cli([silent, '--reporter', 'json', '--reporter', 'tap']).stderr).toContain('would both write to stdout');
    expect(cli(['check', logs, '--reporter', 'tap']).code).toBe(2);
  });
});

describe('--source that contradicts the plugin', () => {
  it('warns and judges the plugin as asked', () => {
    const r = cli([silent, '--source', 'tmux-context', '--filter', 'no-fixture-matches-this', '--reporter', 'json']);
    expect(r.stderr).toContain('warning:');
    expect(r.stderr).toContain('--source tmux-context contradicts the plugin, which declares itself time-context');
    expect(JSON.parse(r.stdout).plugins[0].source).toBe('tmux-context');
  });
});

describe('several reporters, each with its own file', () => {
  it('run: --reporter NAME:FILE, --output-file.NAME and one reporter on stdout in one run; --config @file', () => {
    writeFileSync(join(work, 'config.json'), '{"refreshIntervalMs":0}');
    const r = cli([silent, '--filter', 'ordering', '--config', '@config.json', '--reporter', 'tap', '--reporter', 'junit:run.xml', '--reporter', 'json', '--output-file.json=run.json', '--reporter', 'sarif:run.sarif']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^TAP version 14\n1\.\.\d+/);
    const report = RunReport.parse(JSON.parse(readFileSync(join(work, 'run.json'), 'utf8')));
    expect(readFileSync(join(work, 'run.xml'), 'utf8')).toContain(`tests="${report.results.length}" failures="${report.summary.fail}"`);
    const sarif = JSON.parse(readFileSync(join(work, 'run.sarif'), 'utf8'));
    expect(sarif.runs[0].results).toHaveLength(report.summary.fail);
    for (const rule of sarif.runs[0].tool.driver.rules) expect(new URL(rule.helpUri).protocol).toBe('https:');
  });

  it('check accepts the same forms', () => {
    const r = cli(['check', join(logs, 'synthetic-minimal.jsonl'), '--reporter', 'human', '--reporter', 'junit:check.xml', '--output-file.junit', 'check.xml']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1 file');
    expect(readFileSync(join(work, 'check.xml'), 'utf8')).toContain('<testsuites name="dsh-ctx-conform check" tests="1"');
  });
});

describe('merge-reports', () => {
  it('check shards merge into the unsharded report; JUnit, SARIF and HTML from the merged data', () => {
    const tree = join(work, 'tree');
    for (const [dir, from] of [['a', 'synthetic-minimal.jsonl'], ['b', 'synthetic-session.jsonl'], ['c', 'synthetic-session.jsonl']] as const) {
      mkdirSync(join(tree, dir), { recursive: true });
      const text = readFileSync(join(logs, from), 'utf8');
      writeFileSync(join(tree, dir, 'session.jsonl'), dir === 'c' ? text.split('\n').filter((l) => !l.includes('request/context')).join('\n') : text);
    }
    cli(['check', tree, '--shard', '1/2', '--reporter', 'json:s1.json']);
    cli(['check', tree, '--shard', '2/2', '--reporter', 'json:s2.json']);
    const whole = CheckReport.parse(JSON.parse(cli(['check', tree, '--reporter', 'json']).stdout));
    const m = cli(['merge-reports', 's1.json', 's2.json', '--reporter', 'json', '--reporter', 'junit:m.xml', '--reporter', 'sarif:m.sarif', '--reporter', 'html:m.html']);
    expect(m.code).toBe(1);
    const merged = CheckReport.parse(JSON.parse(m.stdout));
    expect(merged.summary).toEqual(whole.summary);
    expect(new Set(merged.files.map((f) => f.file))).toEqual(new Set(whole.files.map((f) => f.file)));
    expect(merged.findings.map((f) => f.rule).sort()).toEqual(whole.findings.map((f) => f.rule).sort());
    expect(readFileSync(join(work, 'm.xml'), 'utf8')).toContain('<testsuites name="dsh-ctx-conform check" tests="3" failures="1"');
    expect(JSON.parse(readFileSync(join(work, 'm.sarif'), 'utf8')).runs[0].results).toHaveLength(whole.findings.length);
    expect(readFileSync(join(work, 'm.html'), 'utf8')).toContain('data-rule="LOG-SEQ-1"');
  });

  it('run reports merge too; mixed kinds and non-reports are usage errors', () => {
    cli([silent, '--filter', 'ordering', '--reporter', 'json:r1.json']);
    cli(['reference:time-context', '--filter', 'ordering', '--reporter', 'json:r2.json']);
    const m = cli(['merge-reports', 'r1.json', 'r2.json']);
    expect(m.code).toBe(1);
    const merged = RunReport.parse(JSON.parse(m.stdout));
    expect(merged.plugins).toHaveLength(2);
    const [a, b] = ['r1.json', 'r2.json'].map((f) => RunReport.parse(JSON.parse(readFileSync(join(work, f), 'utf8'))));
    expect(merged.summary.pass).toBe(a.summary.pass + b.summary.pass);
    expect(merged.summary.fail).toBe(a.summary.fail + b.summary.fail);
    expect(cli(['merge-reports', 'r1.json', 's1.json']).stderr).toContain('merge one kind at a time');
    expect(cli(['merge-reports', 'r1.json', 'r1.json']).stderr).toContain('is in both');
    writeFileSync(join(work, 'bad.json'), '{"x":1}');
    expect(cli(['merge-reports', 'bad.json']).code).toBe(2);
    expect(existsSync(join(work, 'r1.json'))).toBe(true);
  });
});

describe('resolveReporters', () => {
  const names = ['human', 'json', 'junit'] as const;
  it('parses NAME:FILE, --output-file.NAME and --output', () => {
    const { argv, outputFiles } = extractOutputFiles(['x', '--output-file.junit', 'a.xml', '--output-file.json=b.json', '--', '--output-file.human=c']);
    expect(argv).toEqual(['x', '--', '--output-file.human=c']);
    expect([...outputFiles]).toEqual([['junit', 'a.xml'], ['json', 'b.json']]);
    const targets = resolveReporters({ reporter: ['human', 'junit', 'json'] }, outputFiles, names, 'human');
    expect(targets).toEqual([{ name: 'human' }, { name: 'junit', file: 'a.xml' }, { name: 'json', file: 'b.json' }]);
    expect(resolveReporters({ output: join(work, 'o.txt') }, new Map(), names, 'human')).toEqual([{ name: 'human', file: join(work, 'o.txt') }]);
    expect(resolveReporters({ reporter: [`json:${join(work, 'a:b.json')}`] }, new Map(), names, 'human')).toEqual([{ name: 'json', file: join(work, 'a:b.json') }]);
  });
  it('refuses ambiguous, duplicate and dangling forms', () => {
    expect(() => resolveReporters({ reporter: ['json', 'junit'], output: 'x' }, new Map(), names, 'human')).toThrow(UsageError);
    expect(() => resolveReporters({ reporter: ['json', 'json:x'] }, new Map(), names, 'human')).toThrow(/twice/);
    expect(() => resolveReporters({}, new Map([['junit', 'x.xml']]), names, 'human')).toThrow(/--reporter junit is not/);
    expect(() => resolveReporters({ reporter: ['json:a.json', 'junit:a.json'] }, new Map(), names, 'human')).toThrow(/both write/);
  });
});
