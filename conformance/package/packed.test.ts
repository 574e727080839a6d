import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The package as a plugin author gets it: `npm pack`, then the tarball installed with --omit=dev
 * into a fresh project (the example under examples/plugin-project). Everything `dist/` imports must
 * then be a runtime dependency; the CLI, `check`, the library API with its .d.ts and the vitest entry
 * must all work from there. Needs the npm registry for the runtime dependencies.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
let work: string;
let project: string;
let bin: string;

function run(cmd: string, args: string[], cwd: string, timeout = 240_000): SpawnSyncReturns<string> {
  // npm_config_* from an enclosing `npm test` (e.g. omit, prefix) must not leak into the inner npm.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')));
  return spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout, env: { ...env, NO_COLOR: '1' } });
}

function ok(r: SpawnSyncReturns<string>, what: string): SpawnSyncReturns<string> {
  if (r.status !== 0) throw new Error(`${what} exited ${r.status ?? r.signal}:\n${r.stdout}\n${r.stderr}`);
  return r;
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'dsh-packed-'));
  ok(run('npm', ['pack', '--pack-destination', work, '--silent'], root, 300_000), 'npm pack');
  const tarball = join(work, readdirSync(work).find((f) => f.endsWith('.tgz'))!);
  project = join(work, 'project');
  cpSync(join(root, 'examples/plugin-project'), project, { recursive: true, filter: (src) => !src.includes('node_modules') });
  // The example's own package.json without its devDependencies: only the tarball is installed.
  const pkg = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as Record<string, unknown>;
  delete pkg.devDependencies;
  writeFileSync(join(project, 'package.json'), JSON.stringify(pkg, null, 2));
  ok(run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--no-package-lock', tarball], project), 'npm install --omit=dev');
  // vitest is the author's own devDependency (an optional peer of the kit): link the repo's copy.
  symlinkSync(join(root, 'node_modules/vitest'), join(project, 'node_modules/vitest'), 'dir');
  bin = join(project, 'node_modules/.bin/dsh-ctx-conform');
}, 600_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the packed tarball installed with --omit=dev', () => {
  it('installs no devDependency', () => {
    const installed = readdirSync(join(project, 'node_modules'));
    expect(installed).toEqual(expect.arrayContaining(['dsh-ctx-conform', 'fast-check', 'zod', 'yaml']));
    for (const dev of ['typescript', 'tsx', '@deepseek-ai', 'tinybench']) expect(installed).not.toContain(dev);
  });

  it('runs the default suite (the bundled reference implementations) green', () => {
    const r = ok(run(bin, ['--reporter', 'json'], project), 'dsh-ctx-conform');
    const report = JSON.parse(r.stdout) as { summary: { pass: number; fail: number; error: number } };
    expect(report.summary.pass).toBeGreaterThan(100);
    expect(report.summary).toMatchObject({ fail: 0, error: 0 });
  });

  it('checks a sample log', () => {
    const r = ok(run(bin, ['check', join(root, 'invariants/log/test-fixtures/real-session-run1.jsonl.zstd'), '--reporter', 'json'], project), 'check');
    expect(JSON.parse(r.stdout).summary).toMatchObject({ files: 1, errors: 0, unreadable: 0 });
  });

  it('imports the library API and runs the example script', () => {
    const r = ok(run(process.execPath, ['api-usage.mjs'], project), 'api-usage.mjs');
    expect(r.stdout).toMatch(/run: \d+ passed, \d+ expected failures, 0 failed, 0 stale/);
    expect(r.stdout).toMatch(/check: 1 file, \d+ events, 0 errors/);
  });

  it('ships declarations that type-check a consumer', () => {
    writeFileSync(
      join(project, 'typed.ts'),
      `import { runConformance, checkLogs, loadFixtures, renderReport, type RunReport, type CheckReport } from 'dsh-ctx-conform';\n` +
        `import { describeConformance } from 'dsh-ctx-conform/vitest';\n` +
        `const r: Promise<RunReport> = runConformance({ plugins: ['.'], revision: '2026-08' });\n` +
        `// the 0.1 names, deprecated and still accepted\n` +
        `void runConformance({ plugins: [{ spec: '.' }], spec: '2026-08' });\n` +
        `const c: Promise<CheckReport> = checkLogs(['x.jsonl']);\n` +
        `const n: number = loadFixtures({ source: 'time-context' }).length;\n` +
        `const h: Promise<string> = renderReport({} as RunReport, 'html');\n` +
        `// @ts-expect-error an unknown option is a type error\n` +
        `runConformance({ plugin: '.' });\n` +
        `void describeConformance; void r; void c; void n; void h;\n`,
    );
    const tsc = join(root, 'node_modules/typescript/bin/tsc');
    ok(run(process.execPath, [tsc, '--noEmit', '--strict', '--skipLibCheck', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--types', 'node', '--typeRoots', join(root, 'node_modules/@types'), 'typed.ts'], project), 'tsc');
  });

  it('runs the example project with the vitest entry', () => {
    const out = join(project, 'vitest.json');
    ok(run(process.execPath, [join(project, 'node_modules/vitest/vitest.mjs'), 'run', '--root', project, '--reporter=json', `--outputFile=${out}`], project), 'vitest run');
    const result = JSON.parse(readFileSync(out, 'utf8')) as { numTotalTests: number; numFailedTests: number };
    expect(result.numTotalTests).toBeGreaterThan(40);
    expect(result.numFailedTests).toBe(0);
  });
});
