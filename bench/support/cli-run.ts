import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readSync, statSync, writeSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Shared by the fleet and RSS benchmarks: run the *built* CLI (`dist/`, as users run it; tsx would add
 * its own ~60 MB and a slower worker start) under `/usr/bin/time`, and report wall time, peak RSS of
 * the whole process (every worker thread included) and the exit code.
 */
export const root = fileURLToPath(new URL('../../', import.meta.url));
export const cli = join(root, 'dist/conformance/cli/bin.js');

export function requireBuild(): void {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`npm run build\` first (the benchmarks time the built CLI)`);
  const built = statSync(join(root, 'dist/invariants/engine.js')).mtimeMs;
  if (built < statSync(join(root, 'invariants/engine.ts')).mtimeMs) throw new Error('dist/ is older than the sources: run `npm run build` first');
}

export interface CliRun {
  wallMs: number;
  /** User + system CPU time of the process (all threads). */
  cpuMs: number;
  maxRssMB: number;
  exit: number;
}

const TIME_FORMAT = ['-f', '%e %M %U %S'];

function parseTime(stderr: string, status: number | null): CliRun {
  const last = stderr.trim().split('\n').pop() ?? '';
  const m = /^([\d.]+) (\d+) ([\d.]+) ([\d.]+)$/.exec(last);
  if (!m) throw new Error(`could not read /usr/bin/time output: ${stderr.slice(-500)}`);
  // time(1) prints "Command exited with non-zero status N" before its line; the status is ours.
  return { wallMs: Number(m[1]) * 1000, cpuMs: (Number(m[3]) + Number(m[4])) * 1000, maxRssMB: Number(m[2]) / 1024, exit: status ?? -1 };
}

export function runCli(args: string[]): CliRun {
  const r = spawnSync('/usr/bin/time', [...TIME_FORMAT, process.execPath, cli, ...args], { encoding: 'utf8', maxBuffer: 1 << 26, stdio: ['ignore', 'ignore', 'pipe'] });
  return parseTime(r.stderr, r.status);
}

/**
 * Several CLI processes started at once (e.g. one per `--shard`): wall time until the last one ends,
 * measured here; CPU time summed; peak RSS of the largest. This is what independent processes get out
 * of the machine, with no pool code involved, so it is the pool's practical ceiling.
 */
export async function runCliTogether(argsList: string[][]): Promise<CliRun & { runs: CliRun[] }> {
  const started = performance.now();
  const runs = await Promise.all(
    argsList.map(
      (args) =>
        new Promise<CliRun>((resolve, reject) => {
          const child = spawn('/usr/bin/time', [...TIME_FORMAT, process.execPath, cli, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
          let stderr = '';
          child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
          child.on('error', reject);
          child.on('close', (status) => {
            try {
              resolve(parseTime(stderr, status));
            } catch (error) {
              reject(error);
            }
          });
        }),
    ),
  );
  const wallMs = performance.now() - started;
  return { wallMs, cpuMs: runs.reduce((a, r) => a + r.cpuMs, 0), maxRssMB: Math.max(...runs.map((r) => r.maxRssMB)), exit: Math.max(...runs.map((r) => r.exit)), runs };
}

/**
 * Compress `src` into `dest` as DSH's writer does: one zstd frame per append batch (~`batchBytes` of
 * whole lines), streaming, so a 1 GB log never has to fit in memory.
 */
export function compressMultiFrame(src: string, dest: string, batchBytes = 200 * 1024): number {
  const inFd = openSync(src, 'r');
  const outFd = openSync(dest, 'w');
  const buf = Buffer.alloc(batchBytes * 2);
  let carry = 0;
  let frames = 0;
  try {
    for (;;) {
      const n = readSync(inFd, buf, carry, buf.length - carry, null);
      const filled = carry + n;
      if (filled === 0) break;
      const nl = n === 0 ? filled - 1 : buf.lastIndexOf(10, filled - 1);
      const end = nl < 0 ? filled : nl + 1;
      writeSync(outFd, execFileSync('zstd', ['-q', '-c', '--check', '-3'], { input: buf.subarray(0, end), maxBuffer: 1 << 28 }));
      frames++;
      buf.copy(buf, 0, end, filled);
      carry = filled - end;
      if (n === 0 && carry === 0) break;
    }
  } finally {
    closeSync(inFd);
    closeSync(outFd);
  }
  return frames;
}
