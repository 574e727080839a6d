import { execFileSync } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * The isolated plugin process runs the compiled kit from `dist/` (Node's permission model cannot
 * run tsx: esbuild spawns a process). Tests that run plugins isolated need `dist/` current: this
 * vitest global setup rebuilds it with `tsc -p tsconfig.build.json` when any source is newer than
 * the last build.
 */
const root = join(import.meta.dirname, '..', '..');
const stamp = join(root, 'dist', '.build-stamp');
const SOURCE_DIRS = ['spec', 'reference', 'invariants', 'conformance'];

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'fixtures' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

export function ensureDist(): void {
  const built = statSync(stamp, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const newest = Math.max(...SOURCE_DIRS.map((d) => newestSource(join(root, d))), statSync(join(root, 'tsconfig.build.json')).mtimeMs);
  if (built >= newest) return;
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}

export default function setup(): void {
  ensureDist();
}
