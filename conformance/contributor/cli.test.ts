import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'conformance', 'cli', 'bin.ts');
const corpus = join(import.meta.dirname, 'corpus');
const cwd = mkdtempSync(join(tmpdir(), 'dsh-contributor-cli-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, ['--import', join(root, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs'), bin, ...args], { cwd, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('dsh-ctx-conform on a third-party contributor', () => {
  it('runs the contributor suite, says so first, shrinks a failure to a fixture that reproduces it', async () => {
    const run = await cli([join(corpus, 'module-set.mjs'), '--runs', '20', '--seed', '3']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout.split('\n')[0]).toMatch(/^contributor suite: .*module-set\.mjs \(name "corpus-module-set"\) is not one of the four sources/);
    expect(run.stdout).toMatch(/FAIL CTX-REPLAY-1[\s\S]*after a restart at turn \d+, step \d+ the plugin injected 1 message \("Memory packet: user prefers pnpm\."\); the instance that lived through the session injected nothing/);
    expect(run.stdout).toContain('Minimal session:');
    const dir = join(cwd, 'dsh-ctx-conform-counterexamples');
    expect(readdirSync(join(dir, 'contributor')).length).toBeGreaterThan(0);
    // The fixture reproduces the failure for the broken plugin and passes for a correct one.
    const again = await cli([join(corpus, 'module-set.mjs'), '--fixtures', dir]);
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('FAIL CTX-REPLAY-');
    const fixed = await cli([join(corpus, 'stateless-correct.mjs'), '--fixtures', dir]);
    expect(fixed.code, fixed.stdout).toBe(0);
  }, 240_000);

  it('a waiver is opt-in on the command line and shown in the report', async () => {
    const plain = await cli([join(corpus, 'context-first.mjs'), '--runs', '10', '--seed', '1', '--reporter', 'json']);
    expect(plain.code).toBe(1);
    const waived = await cli([join(corpus, 'context-first.mjs'), '--runs', '10', '--seed', '1', '--waive', 'CTX-APPEND-3']);
    expect(waived.code, waived.stdout).toBe(0);
    expect(waived.stdout).toContain('waived CTX-APPEND-3 (opted in with --waive on the command line)');
    const bad = await cli([join(corpus, 'context-first.mjs'), '--waive', 'CTX-NOPE-1']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--waive names no contributor rule: "CTX-NOPE-1"');
  }, 240_000);

  it('--source contributor judges a plugin named like an official source as a contributor', async () => {
    const run = await cli([join(corpus, 'stateless-correct.mjs'), '--source', 'contributor', '--runs', '5', '--seed', '1', '--config', '{"x":1}']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toContain('is not one of the four sources');
  }, 120_000);
});
