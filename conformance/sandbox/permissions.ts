import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * What an isolated child may read, under Node's permission model (`--experimental-permission` on
 * Node 20): the plugin's own package and the `node_modules` directories above it (its dependency
 * tree), the kit's runtime code (`dist/`, its `package.json` and its dependencies), and the child's
 * private temporary root, which is also the only place it may write. Nothing that contains the
 * suite (a fixtures directory) is ever granted: a directory that holds one is granted entry by
 * entry around it, so a plugin project that has the kit installed in its own `node_modules` still
 * cannot read `node_modules/dsh-ctx-conform/conformance/fixtures`.
 */
export interface PermissionInputs {
  /** The plugin's entry file (resolved by the parent), or undefined for a bundled reference. */
  entry?: string;
  /** The kit's package root. */
  kitRoot: string;
  /** The child's temporary root (read and write). */
  tempRoot: string;
  /** Directories the child must not read: every fixtures root in use. */
  protectedDirs: readonly string[];
  /** Extra user-granted flags (`--allow-addons`). */
  allowAddons?: boolean;
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

function within(child: string, parent: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);
}

/** The nearest directory at or above `from` with a package.json. */
export function packageRootOf(from: string): string | undefined {
  let dir = statSync(from).isDirectory() ? from : dirname(from);
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * Grant `dir`, or, when it contains a protected directory, each of its entries that does not (and
 * recursively the ones that do). Bounded so a pathological tree cannot blow up the command line.
 */
function grantAround(dir: string, protectedDirs: readonly string[], out: Set<string>, budget = { n: 4_000 }): void {
  const r = real(dir);
  if (protectedDirs.some((p) => within(r, p))) return;
  if (!protectedDirs.some((p) => within(p, r))) {
    out.add(r);
    if (r !== resolve(dir)) out.add(resolve(dir));
    return;
  }
  let entries: string[];
  try {
    entries = readdirSync(r);
  } catch {
    return;
  }
  for (const name of entries) {
    if (--budget.n < 0) return;
    grantAround(join(r, name), protectedDirs, out, budget);
  }
}

/** Every `node_modules` directory at or above `dir`: where Node resolves the package's imports from. */
function nodeModulesAbove(dir: string): string[] {
  const found: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    const nm = join(d, 'node_modules');
    if (existsSync(nm)) found.push(nm);
    if (dirname(d) === d) return found;
  }
}

export function readGrants(input: PermissionInputs): string[] {
  const protectedDirs = input.protectedDirs.map(real);
  const out = new Set<string>();
  // The kit's runtime: its compiled code and package.json (module type), and its dependencies.
  grantAround(join(input.kitRoot, 'dist'), protectedDirs, out);
  out.add(join(input.kitRoot, 'package.json'));
  for (const nm of nodeModulesAbove(input.kitRoot)) grantAround(nm, protectedDirs, out);
  if (input.entry !== undefined) {
    const entry = real(input.entry);
    // The plugin's package, unless that package is (or holds) the suite: then its directory, else the file.
    const root = packageRootOf(entry) ?? dirname(entry);
    const candidates = [root, dirname(entry)];
    const granted = candidates.find((c) => !protectedDirs.some((p) => within(p, real(c))) && !within(real(input.kitRoot), real(c)));
    if (granted) out.add(real(granted));
    else out.add(entry);
    for (const nm of nodeModulesAbove(root)) grantAround(nm, protectedDirs, out);
  }
  out.add(real(input.tempRoot));
  return [...out].sort();
}

/** The node flags that put a child under the permission model with these grants. */
export function permissionFlags(input: PermissionInputs): string[] {
  return [
    '--experimental-permission',
    ...readGrants(input).map((p) => `--allow-fs-read=${p}`),
    `--allow-fs-write=${real(input.tempRoot)}`,
    ...(input.allowAddons ? ['--allow-addons'] : []),
    '--disable-warning=ExperimentalWarning',
  ];
}
