import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** `npm run bench -- --help` must print help and run nothing; `--quick` must leave no file behind. */
const root = fileURLToPath(new URL('../', import.meta.url));
const results = join(root, 'bench/results');

function snapshot(): string[] {
  return readdirSync(results).map((f) => `${f}@${statSync(join(results, f)).mtimeMs}`).sort();
}

function bench(args: string[], timeout = 30_000) {
  return spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench/run.ts'), ...args], { cwd: root, encoding: 'utf8', timeout });
}

describe('npm run bench', () => {
  it('--help prints help and runs nothing; an unknown argument is refused the same way', () => {
    const before = snapshot();
    const started = Date.now();
    const r = bench(['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Usage: npm run bench');
    expect(r.stdout).not.toContain('## scan');
    const typo = bench(['--quik']);
    expect(typo.status).toBe(2);
    expect(typo.stderr).toContain('unknown argument(s) --quik');
    expect(Date.now() - started).toBeLessThan(25_000);
    expect(snapshot()).toEqual(before);
  });

  it('--quick (check throughput) prints its table and writes no file', () => {
    const before = snapshot();
    const r = bench(['--quick', '--only=check'], 280_000);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('check throughput');
    expect(snapshot()).toEqual(before);
  }, 300_000);
});
