import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

function listFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(relative(root, p));
    }
  };
  walk(root);
  return out.sort();
}

/** Files added, removed or changed between two trees, as `+ path`, `- path`, `~ path`. */
export function diffTrees(committed: string, fresh: string): string[] {
  const a = new Set(listFiles(committed).filter((f) => f !== 'README.md'));
  const b = new Set(listFiles(fresh).filter((f) => f !== 'README.md'));
  const changes: string[] = [];
  for (const f of b) if (!a.has(f)) changes.push(`+ ${f}`);
  for (const f of a) if (!b.has(f)) changes.push(`- ${f}`);
  for (const f of a) if (b.has(f) && readFileSync(join(committed, f), 'utf8') !== readFileSync(join(fresh, f), 'utf8')) changes.push(`~ ${f}`);
  return changes.sort();
}
