/**
 * `npm run bench`: the project's benchmarks, one after the other.
 *
 * 1. scan (bench/scan): cost of one interval-scheduling pre-step against session length, reference vs
 *    the published plugins. Full run: sizes 1e3..1e6, writes bench/results/scan.{json,svg,md} and the
 *    README table. `--quick`: sizes 1e2..1e4, tiny budgets, prints the table and writes nothing
 *    unless `--write` is given.
 * 2. check throughput (bench/check-throughput.ts, owned separately), when it exists: called through
 *    its exported `main(argv)` if it has one, otherwise run as a script in a child process with the
 *    same arguments.
 *
 * Options: --quick, --write, --only=scan|check (run one benchmark).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runScanBenchmark, writeScanResults } from './scan/index.js';
import { renderTable } from './scan/report.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);

async function runScan(argv: string[]): Promise<void> {
  const quick = argv.includes('--quick');
  const write = !quick || argv.includes('--write');
  const results = await runScanBenchmark({ quick });
  process.stdout.write(`\n## scan: interval scheduling cost per pre-step\n\n${renderTable(results)}\n\n`);
  if (!write) {
    process.stdout.write('(quick run: no files written; pass --write to write bench/results/scan.*)\n');
    return;
  }
  const written = writeScanResults(results, join(here, 'results'), join(root, 'README.md'));
  process.stdout.write(`wrote ${written.files.map((f) => relative(root, f)).join(', ')}\n`);
  process.stdout.write(written.readme ? 'updated the README.md benchmark table\n' : 'README.md does not exist: table only in bench/results/scan.md\n');
}

/** helper-owned check-throughput benchmark: `main(argv)` when exported, else run the script itself. */
async function runCheckThroughput(argv: string[]): Promise<void> {
  const entry = join(here, 'check-throughput.ts');
  if (!existsSync(entry)) {
    process.stdout.write('\n(check-throughput benchmark not present: bench/check-throughput.ts; skipped)\n');
    return;
  }
  process.stdout.write('\n## check throughput\n\n');
  // Importing a script module runs it, so look before importing: only a module with `main` is imported.
  const source = readFileSync(entry, 'utf8');
  if (/export\s+(async\s+)?function\s+main\b|export\s+const\s+main\b|export\s*\{[^}]*\bmain\b/.test(source)) {
    const mod = (await import(pathToFileURL(entry).href)) as { main?: (argv: string[]) => unknown };
    if (typeof mod.main === 'function') {
      await mod.main(argv);
      return;
    }
  }
  const forwarded = argv.filter((a) => a !== '--only=check');
  const child = spawnSync(process.execPath, ['--import', 'tsx', entry, ...forwarded], { stdio: 'inherit', cwd: root });
  if (child.status !== 0) throw new Error(`bench/check-throughput.ts exited with ${child.status ?? child.signal}`);
}

export const benchHelp = `Usage: npm run bench -- [--quick] [--write] [--only=scan|check]

Runs the project's benchmarks and, for a full run, rewrites bench/results/* and the README table.
  --quick         small sizes and budgets; prints the tables and writes nothing
  --write         with --quick: write the quick results too
  --only=NAME     run one benchmark: scan (interval-scheduling cost) or check (check throughput)
  -h, --help      show this help and run nothing
`;

const argv = process.argv.slice(2);
const known = /^(--quick|--write|--only=(scan|check)|--help|-h)$/;
const unknown = argv.filter((a) => !known.test(a));
if (argv.includes('--help') || argv.includes('-h') || unknown.length > 0) {
  // Anything not understood prints help and runs nothing: a typo must not start a full run that rewrites results.
  if (unknown.length > 0) process.stderr.write(`bench: unknown argument(s) ${unknown.join(' ')}\n`);
  process.stdout.write(benchHelp);
  process.exit(unknown.length > 0 ? 2 : 0);
}
const only = argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
if (only === undefined || only === 'scan') await runScan(argv);
if (only === undefined || only === 'check') await runCheckThroughput(argv);
