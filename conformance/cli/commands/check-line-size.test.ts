import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CheckReport } from '../../../invariants/reporters/report.js';

/** `check --max-line-size` and the decoder line, through the real CLI (built dist, as users run it). */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixtures = join(root, 'invariants/log/test-fixtures');

function cli(args: string[]) {
  const r = spawnSync(process.execPath, [join(root, 'dist/conformance/cli/bin.js'), 'check', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('check --max-line-size', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dsh-line-size-'));
  const lines = readFileSync(join(fixtures, 'synthetic-session.jsonl'), 'utf8').trimEnd().split('\n');
  const log = join(dir, 'session.jsonl');
  writeFileSync(log, [...lines, `{"type":"session/title","seq":999,"time":1,"data":"${'z'.repeat(3000)}"}`].join('\n') + '\n');

  it('a line over the given size is LOG-READ-5; the default judges it', () => {
    const small = CheckReport.parse(JSON.parse(cli([log, '--max-line-size', '2K', '--reporter', 'json']).stdout));
    expect(small.findings).toContainEqual(expect.objectContaining({ rule: 'LOG-READ-5', line: lines.length + 1, message: expect.stringContaining('2048-byte limit') }));
    const dflt = CheckReport.parse(JSON.parse(cli([log, '--reporter', 'json']).stdout));
    expect(dflt.findings.map((f) => f.rule)).not.toContain('LOG-READ-5');
  });

  it('the same on one worker and on the pool', () => {
    const one = JSON.parse(cli([log, '--max-line-size', '2K', '--workers', '1', '--reporter', 'json']).stdout);
    const two = JSON.parse(cli([log, dir, '--max-line-size', '2K', '--workers', '2', '--reporter', 'json']).stdout);
    expect(two.findings.filter((f: { rule: string }) => f.rule === 'LOG-READ-5')).toEqual(one.findings.filter((f: { rule: string }) => f.rule === 'LOG-READ-5'));
  });

  it('a bad size is a usage error (exit 2) naming the option and what it expects', () => {
    for (const bad of ['nope', '12Q', '0.5K']) {
      const r = cli([log, '--max-line-size', bad]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`--max-line-size expects a size of at least 1K such as 16M or 64M, got "${bad}"`);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('--help documents it with its memory cost; the human report names the zstd decoder', () => {
    const help = cli(['--help']).stdout;
    expect(help).toContain('--max-line-size SIZE');
    expect(help).toContain('default 32M');
    const r = cli([join(fixtures, 'real-session-run1.jsonl.zstd')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/zstd decoded by (libzstd \(native|fzstd)/);
  });
});
