import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The vitest entry, driven the way a plugin author drives it: a separate vitest process runs a test
 * file that calls describeConformance, with vitest's own --reporter=json, and we read what it reported.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const entry = join(root, 'conformance/vitest/index.ts');
const plugins = join(root, 'conformance/runner/test-plugins');
const work = mkdtempSync(join(tmpdir(), 'dsh-vitest-entry-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface JsonResult {
  numTotalTests: number;
  numFailedTests: number;
  numPassedTests: number;
  testResults: Array<{ assertionResults: Array<{ fullName: string; title: string; status: string; failureMessages: string[] }> }>;
}

function vitest(testSource: string): JsonResult & { stdout: string } {
  writeFileSync(join(work, 'conformance.test.ts'), testSource);
  const out = join(work, 'result.json');
  rmSync(out, { force: true });
  const r = spawnSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--root', work, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
    cwd: work,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  return { ...(JSON.parse(readFileSync(out, 'utf8')) as JsonResult), stdout: `${r.stdout}${r.stderr}` };
}

describe('describeConformance', () => {
  it('registers one test per fixture, named source / category / title [id], passing for the reference', () => {
    const r = vitest(`import { describeConformance } from ${JSON.stringify(entry)};\ndescribeConformance('reference:time-context', { filter: 'ordering' });\n`);
    const tests = r.testResults.flatMap((f) => f.assertionResults);
    expect(tests.length).toBeGreaterThan(1);
    for (const t of tests) {
      expect(t.title).toMatch(/^time-context \/ ordering \/ .+ \[[0-9a-f]{12}\]$/);
      expect(t.status).toBe('passed');
    }
  });

  it('a failing plugin fails each test with the kit diff and the reproduction path', () => {
    const r = vitest(`import { describeConformance } from ${JSON.stringify(entry)};\ndescribeConformance(${JSON.stringify(join(plugins, 'silent.cjs'))}, { filter: 'ordering' });\n`);
    const tests = r.testResults.flatMap((f) => f.assertionResults);
    const failed = tests.filter((t) => t.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    const message = failed[0].failureMessages.join('\n');
    expect(message).toContain('ConformanceFailure: FAIL');
    expect(message).toContain('first difference at');
    expect(message).toMatch(/reproduce: .*time-context\/ordering\/[0-9a-f]{12}\//);
    // vitest's default reporter renders its own diff from the error's expected and actual.
    expect(r.stdout).toMatch(/Expected: .+\n\s*Received: .+/);
  });

  it('a plugin that cannot be loaded is one failing test that says why', () => {
    const r = vitest(`import { describeConformance } from ${JSON.stringify(entry)};\ndescribeConformance('./no-such-plugin');\n`);
    const tests = r.testResults.flatMap((f) => f.assertionResults);
    expect(tests).toHaveLength(1);
    expect(tests[0].status).toBe('failed');
    expect(tests[0].failureMessages.join('\n')).toContain('cannot load plugin ./no-such-plugin');
  });

  it('re-runs in watch mode when the test file changes', async () => {
    const dir = mkdtempSync(join(work, 'watch-'));
    const file = join(dir, 'watch.test.ts');
    const source = (filter: string) => `import { describeConformance } from ${JSON.stringify(entry)};\ndescribeConformance('reference:time-context', { filter: ${JSON.stringify(filter)} });\n`;
    writeFileSync(file, source('fabc117a3925'));
    const child = spawn(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'watch', '--root', dir], { cwd: dir, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', CI: '' } });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const waitFor = async (re: RegExp) => {
      for (let i = 0; i < 600 && !re.test(out); i++) await new Promise((r) => setTimeout(r, 100));
      return re.test(out);
    };
    try {
      expect(await waitFor(/Tests\s+1 passed/)).toBe(true);
      // Three ordering fixtures now: the re-run must collect again and judge them all.
      writeFileSync(file, source('ordering'));
      expect(await waitFor(/Tests\s+3 passed/)).toBe(true);
    } finally {
      child.kill('SIGTERM');
    }
  }, 120_000);
});
