import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stubBinDirectory } from '../host/services/tmux-stub/scripts.js';
import type { ShellRunResult } from '../host/services/shell.js';
import { killGroup } from './process-group.js';

/**
 * The parent side of the `shell` service for an isolated child: the child (which may not spawn
 * processes) sends the plugin's command and the stub environment; the kit runs it here, restricted.
 *
 * - `bash -r` (restricted: no `cd`, no output redirection, no command names with a slash, no
 *   `command -p`, no `exec`), with `BASH_ENV` disabling the `kill` builtin before the restrictions take
 *   effect (and standing in for `exec CMD`, which DSH's command uses, with a function);
 * - `PATH` holds only wrappers for the stub `tmux` and `ps` and `tr` (the one utility DSH's command
 *   pipes through), so nothing else on the machine is reachable by name;
 * - an empty temporary cwd and HOME, and an environment built from scratch: only the stub's
 *   `DSH_STUB_*` variables, `TMUX`, `TMUX_PANE` and `LC_ALL` are taken from the child's request;
 * - where `unshare` works (root, or unprivileged user namespaces), a private mount and network
 *   namespace: no network, and the kit's package root, the fixtures and the caller's cwd/HOME are
 *   covered by empty read-only tmpfs mounts, so input redirection (`$(< file)`) cannot read the suite;
 * - its own process group, killed after 10 s; output bounded.
 */
const TIMEOUT_MS = 10_000;
const MAX_OUTPUT = 1 << 20;
const ENV_KEY = /^(DSH_STUB_[A-Z0-9_]+|TMUX|TMUX_PANE|LC_ALL)$/;

export interface RestrictedShellOptions {
  /** Directories the command must not see (covered by empty mounts where namespaces are available). */
  hide: readonly string[];
}

let sandboxDir: string | undefined;
let unshareWorks: boolean | undefined;

function prepare(): string {
  if (sandboxDir !== undefined) return sandboxDir;
  const root = mkdtempSync(join(tmpdir(), 'dsh-ctx-conform-rshell-'));
  const bin = join(root, 'bin');
  const home = join(root, 'home');
  for (const d of [bin, home]) mkdirSync(d);
  const stubs = stubBinDirectory();
  for (const name of ['tmux', 'ps']) {
    // The stub itself is trusted kit code; it runs unrestricted with a normal PATH.
    writeFileSync(join(bin, name), `#!/bin/bash\nexport PATH=/usr/bin:/bin\nexec /bin/bash ${JSON.stringify(join(stubs, name))} "$@"\n`);
    chmodSync(join(bin, name), 0o755);
  }
  const tr = ['/usr/bin/tr', '/bin/tr'].find((p) => spawnSync(p, ['a', 'a'], { input: '' }).status === 0);
  if (tr) symlinkSync(tr, join(bin, 'tr'));
  // Read before the restrictions take effect. Restricted bash refuses `exec` outright, and DSH's
  // command ends in `exec tmux ...`: a function of that name runs the command and exits with its status.
  writeFileSync(join(root, 'bash-env'), 'enable -n kill\nexec() { if [ $# -gt 0 ]; then "$@"; exit $?; fi; }\n');
  process.once('exit', () => rmSync(root, { recursive: true, force: true }));
  sandboxDir = root;
  return root;
}

/** `mount` by absolute path: the restricted PATH does not hold it. */
function mountPath(): string {
  return ['/usr/bin/mount', '/bin/mount'].find((p) => existsSync(p)) ?? '/bin/mount';
}

/** The absolute path of `unshare` (the restricted PATH cannot find it), when it works here. */
let unsharePath: string | undefined;
function namespacePrefix(): string[] | undefined {
  if (unshareWorks === undefined) {
    unsharePath = ['/usr/bin/unshare', '/bin/unshare', '/usr/sbin/unshare'].find((p) => existsSync(p));
    unshareWorks = unsharePath !== undefined && spawnSync(unsharePath, [...unshareArgs(), '--', '/bin/true'], { stdio: 'ignore', timeout: 5_000 }).status === 0;
  }
  return unshareWorks ? [unsharePath!, ...unshareArgs(), '--'] : undefined;
}

function unshareArgs(): string[] {
  const root = process.getuid?.() === 0;
  return root ? ['--mount', '--net'] : ['--user', '--map-root-user', '--mount', '--net'];
}

/** Only the variables the stub programs read; never the kit's own environment. */
export function restrictedEnvironment(requested: Record<string, unknown>, home: string, bin: string, bashEnv: string): Record<string, string> {
  const env: Record<string, string> = { PATH: bin, HOME: home, BASH_ENV: bashEnv, LC_ALL: 'C' };
  for (const [key, value] of Object.entries(requested)) {
    if (!ENV_KEY.test(key) || typeof value !== 'string' || value.includes('\0') || value.length > 65_536) continue;
    env[key] = value;
  }
  return env;
}

/** Run the plugin's `command` as the stub-mode shell service does, restricted (see above). */
export function runRestrictedBash(command: string, requestedEnv: Record<string, unknown>, options: RestrictedShellOptions, signal?: AbortSignal): Promise<ShellRunResult> {
  const root = prepare();
  const cwd = mkdtempSync(join(root, 'cwd-'));
  const env = restrictedEnvironment(requestedEnv, join(root, 'home'), join(root, 'bin'), join(root, 'bash-env'));
  const prefix = namespacePrefix();
  // A directory holding the shell's own stubs (say the caller's cwd is /tmp) cannot be covered.
  const needed = [root, stubBinDirectory()];
  const inside = (path: string, dir: string) => path === dir || path.startsWith(dir.endsWith('/') ? dir : `${dir}/`);
  const candidates = [...new Set(options.hide)].filter((d) => d.length > 1 && existsSync(d) && !needed.some((n) => inside(n, d)));
  // Covering a directory also covers what is inside it (whose mount point then no longer exists).
  const hide = prefix ? candidates.filter((d) => !candidates.some((o) => o !== d && inside(d, o))) : [];
  // Fails closed: a directory that cannot be covered stops the command (exit 126, said on stderr).
  const argv = prefix
    ? [...prefix, '/bin/sh', '-c', `cmd=$1; shift; for d; do ${mountPath()} -t tmpfs -o ro,size=4k none "$d" || { echo "dsh-ctx-conform sandbox: cannot hide $d" >&2; exit 126; }; done; exec /bin/bash -r -c "$cmd"`, 'sh', command, ...hide]
    : ['/bin/bash', '-r', '-c', command];
  return new Promise((resolve) => {
    const child = spawn(argv[0]!, argv.slice(1), { env, cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const out = { stdout: [] as Buffer[], stderr: [] as Buffer[], size: 0, truncated: false };
    const collect = (which: 'stdout' | 'stderr') => (chunk: Buffer) => {
      if (out.size >= MAX_OUTPUT) {
        out.truncated = true;
        return;
      }
      out[which].push(chunk);
      out.size += chunk.length;
    };
    child.stdout!.on('data', collect('stdout'));
    child.stderr!.on('data', collect('stderr'));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, TIMEOUT_MS);
    const onAbort = () => killGroup(child.pid);
    signal?.addEventListener('abort', onAbort, { once: true });
    let spawnError: Error | undefined;
    child.on('error', (error) => {
      spawnError = error;
    });
    child.on('close', (code, killedBy) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      killGroup(child.pid);
      rmSync(cwd, { recursive: true, force: true });
      const aborted = Boolean(signal?.aborted);
      resolve({
        exitCode: code,
        signal: killedBy,
        timedOut: timedOut && !aborted,
        aborted,
        timeoutMs: TIMEOUT_MS,
        stdout: { text: Buffer.concat(out.stdout).toString('utf8'), truncated: out.truncated },
        stderr: { text: Buffer.concat(out.stderr).toString('utf8') + (spawnError && code === null && killedBy === null ? String(spawnError) : ''), truncated: out.truncated },
      });
    });
  });
}
