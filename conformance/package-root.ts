import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root, whether running from source (tsx/vitest) or from `dist/`. */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'spec'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('cannot locate the dsh-ctx-conform package root');
    dir = parent;
  }
}

export const packageRoot: string = findRoot();
