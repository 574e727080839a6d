import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CheckReport } from '../../../invariants/reporters/report.js';
import { useColor } from './check.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixtures = join(root, 'invariants/log/test-fixtures');
const here = fileURLToPath(new URL('.', import.meta.url));

function cli(args: string[], env: Record<string, string> = {}) {
  const base = { ...process.env };
  delete base.NO_COLOR;
  delete base.FORCE_COLOR;
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'conformance/cli/bin.ts'), 'check', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...base, ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A DSH-style sessions tree: two clean logs and one with a seq gap. */
let tree: string;
beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), 'dsh-check-cli-'));
  const put = (dir: string, name: string, from: string, edit?: (s: string) => string) => {
    mkdirSync(join(tree, dir), { recursive: true });
    if (edit) writeFileSync(join(tree, dir, name), edit(readFileSync(join(fixtures, from), 'utf8')));
    else copyFileSync(join(fixtures, from), join(tree, dir, name));
  };
  put('--home-alice-proj--/session-a', 'session.jsonl.zstd', 'real-session-run1.jsonl.zstd');
  put('--home-alice-proj--/session-b', 'session.jsonl', 'synthetic-minimal.jsonl');
  put('--home-bob-x--/session-c', 'session.jsonl', 'synthetic-session.jsonl', (s) => s.split('\n').filter((l) => !l.includes('request/context')).join('\n'));
});

describe('dsh-ctx-conform check', () => {
  it('json: exactly one document matching the schema; exit 1 on a violation', () => {
    const r = cli([tree, '--reporter', 'json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    const report = CheckReport.parse(JSON.parse(r.stdout));
    expect(report.files.map((f) => f.status)).toEqual(['ok', 'ok', 'violations']);
    expect(report.findings.map((f) => f.rule)).toEqual(['LOG-SEQ-1']);
    expect(report.summary).toEqual(expect.objectContaining({ files: 3, errors: 1, warnings: 0, infos: 0, unreadable: 0, violations: 1 }));
    expect(report.spec).toBe('2026-08');
  });

  it('exit 0 and a human summary on clean logs', () => {
    const r = cli([join(fixtures, 'real-session-run1.jsonl.zstd'), join(fixtures, 'synthetic-session.jsonl')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/✓ 2 files, 62 events checked against spec 2026-08: 0 errors, 0 warnings, 0 infos/);
    expect(r.stdout).not.toContain('\u001b[');
  });

  it('human output: file:line seq N  RULE-ID  message; colour only when forced', () => {
    const r = cli([tree], { FORCE_COLOR: '1' });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('session-c/session.jsonl:9 seq 8');
    expect(r.stdout).toContain('LOG-SEQ-1');
    expect(r.stdout).toContain('\u001b[31m');
    expect(useColor({ NO_COLOR: '1', FORCE_COLOR: '1' }, true)).toBe(false);
    expect(useColor({}, false)).toBe(false);
    expect(useColor({}, true)).toBe(true);
  });

  it('a missing path and a directory without logs are findings (exit 1), not crashes', () => {
    const empty = mkdtempSync(join(tmpdir(), 'dsh-empty-'));
    const r = cli([join(tree, 'nope'), empty, '--reporter', 'json']);
    expect(r.code).toBe(1);
    expect(CheckReport.parse(JSON.parse(r.stdout)).findings.map((f) => f.rule)).toEqual(['LOG-READ-1', 'LOG-READ-2']);
  });

  it.each([
    [['--bogus', 'x'], /Unknown option '--bogus'/],
    [[], /missing PATH/],
    [['x', '--shard', '3/2'], /--shard expects i\/n/],
    [['x', '--shard', 'a'], /--shard expects i\/n/],
    [['x', '--reporter', 'xml'], /--reporter must be one of/],
    [['x', '--revision', '2025-01'], /--revision must be one of/],
    [['x', '--spec', '2025-01'], /--spec must be one of/],
    [['x', '--revision', '2026-08', '--spec', '2026-07'], /--revision 2026-08 and --spec 2026-07 disagree/],
    [['x', '--config', '{bad'], /--config is not valid JSON/],
    [['x', '--config', '{"nope":{}}'], /--config/],
    [['x', '--max-findings', 'many'], /--max-findings expects/],
    [['x', '--workers', '0'], /--workers expects at least 1/],
    [['x', '--workers', 'all'], /--workers expects/],
    [['x', '--max-findings-per-rule', 'lots'], /--max-findings-per-rule expects/],
    [['x', '--reporter', '\u001b]0;pwned\u0007'], /got "\\(x1b|u001b)\]0;pwned\\(x07|u0007)"/],
  ])('usage error %j: exit 2, message, no stack trace', (args, message) => {
    const r = cli(args as string[]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
  });

  it('--help teaches: examples, reporters, exit codes', () => {
    const r = cli(['--help']);
    expect(r.code).toBe(0);
    for (const word of ['Examples:', 'sarif', 'junit', 'github', 'Exit codes:', '--shard']) expect(r.stdout).toContain(word);
  });

  it('--shard splits the sorted file list deterministically into disjoint parts', () => {
    const parts = [1, 2].map((i) => CheckReport.parse(JSON.parse(cli([tree, '--reporter', 'json', '--shard', `${i}/2`]).stdout)));
    const files = parts.flatMap((p) => p.files.map((f) => f.file));
    expect(files.sort()).toEqual(CheckReport.parse(JSON.parse(cli([tree, '--reporter', 'json']).stdout)).files.map((f) => f.file).sort());
    expect(parts[0].files.length).toBe(2);
    expect(parts[0].summary.shard).toBe('1/2');
  });

  it('--max-findings keeps the count but not the findings; --output writes the file', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'dsh-out-')), 'r.json');
    const r = cli([tree, '--reporter', 'json', '--max-findings', '0', '--output', out]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    const report = CheckReport.parse(JSON.parse(readFileSync(out, 'utf8')));
    expect(report.findings).toEqual([]);
    expect(report.summary.errors).toBe(1);
    expect(report.summary.findingsOmitted).toBe(1);
  });

  it('sarif, junit and github reporters', () => {
    const sarif = JSON.parse(cli([tree, '--reporter', 'sarif']).stdout);
    expect(sarif.version).toBe('2.1.0');
    const rules = sarif.runs[0].tool.driver.rules;
    expect(rules.find((x: { id: string }) => x.id === 'LOG-SEQ-1')).toEqual(expect.objectContaining({ helpUri: expect.stringMatching(/^https:\/\/unpkg\.com\/dsh-ctx-conform@[^/]+\/spec\/log\.md#log-seq-1$/), defaultConfiguration: { level: 'error' } }));
    // SARIF1002: every helpUri must be an absolute URI (new URL throws on a relative reference).
    for (const rule of rules as Array<{ helpUri: string }>) expect(new URL(rule.helpUri).protocol).toBe('https:');
    expect(sarif.runs[0].results).toEqual([expect.objectContaining({ ruleId: 'LOG-SEQ-1', level: 'error', locations: [expect.objectContaining({ physicalLocation: expect.objectContaining({ region: { startLine: 9 } }) })] })]);
    const junit = cli([tree, '--reporter', 'junit']).stdout;
    expect(junit).toContain('<testsuites name="dsh-ctx-conform check" tests="3" failures="1" errors="0">');
    const github = cli([tree, '--reporter', 'github']).stdout;
    expect(github).toMatch(/^::error file=.*session-c\/session\.jsonl,line=9,title=LOG-SEQ-1::LOG-SEQ-1 \(seq 8\): expected seq 7/m);
  });

  it.each(['--revision', '--spec'])('--config and %s (--spec: the alias) are accepted', (flag) => {
    const r = cli([join(fixtures, 'synthetic-minimal.jsonl'), '--config', '{"time-context":{"refreshIntervalMs":60000}}', flag, '2026-07', '--reporter', 'json']);
    expect(CheckReport.parse(JSON.parse(r.stdout)).spec).toBe('2026-07');
  });

  it('--help documents --revision and names --spec as its alias', () => {
    const help = cli(['--help']).stdout;
    expect(help).toMatch(/^  --revision REVISION  spec revision to judge against: 2026-08 \| 2026-07 \(default 2026-08\)$/m);
    expect(help).toContain('(--spec REVISION is an alias, the 0.1 name)');
  });

  it('hostile logs in a tree: bounded findings with suppressed counts, and the other logs are still judged', () => {
    const hostile = mkdtempSync(join(tmpdir(), 'dsh-hostile-'));
    const evil = join(hostile, '\u001b]0;pwned\u0007\u001b[2K\r✓ 1 file, 0 errors');
    for (const [dir, from] of [['a', join(here, 'test-fixtures/empty-objects-2.5e6.jsonl.zstd')], ['b', join(fixtures, 'synthetic-minimal.jsonl')], ['c', join(here, 'test-fixtures/empty-objects-1e6.jsonl.zstd')]] as const) {
      mkdirSync(join(evil, dir), { recursive: true });
      copyFileSync(from, join(evil, dir, from.endsWith('.zstd') ? 'session.jsonl.zstd' : 'session.jsonl'));
    }
    const json = cli([hostile, '--reporter', 'json', '--max-findings', '10', '--workers', '2']);
    expect(json.code).toBe(1);
    const report = CheckReport.parse(JSON.parse(json.stdout));
    expect(report.files.map((f) => f.status)).toEqual(['violations', 'ok', 'violations']);
    expect(report.files[0].suppressed).toEqual(expect.objectContaining({ 'LOG-ENV-2': 5_000_000 - 100, 'LOG-SEQ-1': 2_500_000 - 100 }));
    expect(report.summary.errors).toBe(14_000_000);
    expect(report.findings).toHaveLength(10);
    expect(report.files[0].file).toContain('\u001b]0;pwned');
  }, 240_000);

  it('human output escapes hostile directory names and says what the per-rule cap left out', () => {
    const evil = join(mkdtempSync(join(tmpdir(), 'dsh-evil-')), '\u001b]0;pwned\u0007\u001b[2K\r✓ 1 file, 0 errors');
    mkdirSync(evil);
    copyFileSync(join(tree, '--home-bob-x--/session-c/session.jsonl'), join(evil, 'session.jsonl'));
    const human = cli([evil, '--workers', '1', '--max-findings-per-rule', '0'], { FORCE_COLOR: '0' });
    expect(human.code).toBe(1);
    expect(human.stdout).not.toContain('\u001b');
    expect(human.stdout).not.toContain('\r');
    expect(human.stdout).toContain('\\x1b]0;pwned\\x07\\x1b[2K\\x0d✓ 1 file, 0 errors');
    expect(human.stdout).toContain('… 1 more LOG-SEQ-1 finding in this file not shown (per-rule cap)');
    expect(human.stdout.split('\n').filter((l) => l.startsWith('✓'))).toEqual([]);
  }, 60_000);

  it('--workers N gives the same report as one worker', () => {
    const one = cli([tree, '--reporter', 'json', '--workers', '1']);
    const three = cli([tree, '--reporter', 'json', '--workers', '3']);
    expect(three.stdout).toBe(one.stdout);
  }, 60_000);
});
