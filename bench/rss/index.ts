/**
 * Benchmark: peak RSS of `check` against log size, for jsonl and production zstd (one frame per
 * ~200 KiB append batch), from 10 MB up to 1 GB. The target is a flat line under 256 MB whatever the
 * size. Baselines in the same run: the RSS of the same CLI on a tiny log (the process floor), and a
 * bare "read 1 MiB chunks, split lines, JSON.parse" loop over the largest jsonl log.
 *
 *   npm run build && npx tsx bench/rss/index.ts [--sizes 10,100,500,1000] [--workers 1]
 *
 * Generated logs are cached in $DSH_BENCH_DIR (default /tmp/dsh-bench-logs): generating 1 GB takes
 * minutes, and re-runs reuse them. Writes bench/results/rss.{json,md}.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateLog } from '../support/generate-log.js';
import { compressMultiFrame, requireBuild, root, runCli, type CliRun } from '../support/cli-run.js';

const { values } = parseArgs({ options: { sizes: { type: 'string' }, workers: { type: 'string' }, write: { type: 'boolean' } } });
const sizes = (values.sizes ?? '10,50,100,200,500,1000').split(',').map(Number);
const workers = values.workers ?? '1';
const dir = process.env.DSH_BENCH_DIR ?? '/tmp/dsh-bench-logs';

function logFor(mb: number): { jsonl: string; zstd: string } {
  mkdirSync(dir, { recursive: true });
  const jsonl = join(dir, `rss-${mb}mb.jsonl`);
  const zstd = `${jsonl}.zstd`;
  if (!existsSync(jsonl)) {
    process.stderr.write(`generating ${jsonl}\n`);
    generateLog(`${jsonl}.tmp`, mb * 1e6, 7);
    spawnSync('mv', [`${jsonl}.tmp`, jsonl]);
  }
  if (!existsSync(zstd)) {
    process.stderr.write(`compressing ${zstd}\n`);
    compressMultiFrame(jsonl, `${zstd}.tmp`);
    spawnSync('mv', [`${zstd}.tmp`, zstd]);
  }
  return { jsonl, zstd };
}

/** The bare parse loop, in its own process: what reading the bytes costs with no checking at all. */
const BARE = `
const fs = require('node:fs');
const fd = fs.openSync(process.argv[1], 'r');
const buf = Buffer.alloc(1 << 20);
let carry = Buffer.alloc(0), n, lines = 0;
while ((n = fs.readSync(fd, buf, 0, buf.length, null)) > 0) {
  const data = Buffer.concat([carry, buf.subarray(0, n)]);
  let start = 0, nl;
  while ((nl = data.indexOf(10, start)) >= 0) { JSON.parse(data.toString('utf8', start, nl)); lines++; start = nl + 1; }
  carry = Buffer.from(data.subarray(start));
}
`;

function bare(file: string): CliRun {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M', process.execPath, '-e', BARE, file], { encoding: 'utf8' });
  const [s, kb] = (r.stderr.trim().split('\n').pop() ?? '').split(' ').map(Number);
  return { wallMs: s * 1000, cpuMs: NaN, maxRssMB: kb / 1024, exit: r.status ?? -1 };
}

requireBuild();
const check = (file: string): CliRun => runCli(['check', file, '--workers', workers, '--reporter', 'json', '--output', '/dev/null']);
const tiny = join(root, 'invariants/log/test-fixtures/synthetic-minimal.jsonl');
const load = loadavg()[0];
const floor = check(tiny);
const rows: Array<{ sizeMB: number; format: 'jsonl' | 'zstd'; fileMB: number; run: CliRun }> = [];
for (const mb of sizes) {
  const { jsonl, zstd } = logFor(mb);
  for (const [format, file] of [['jsonl', jsonl], ['zstd', zstd]] as const) {
    const run = check(file);
    process.stderr.write(`${format} ${mb} MB: ${run.maxRssMB.toFixed(0)} MB RSS, ${(run.wallMs / 1000).toFixed(1)} s, exit ${run.exit}\n`);
    rows.push({ sizeMB: mb, format, fileMB: statSync(file).size / 1e6, run });
  }
}
const largest = logFor(Math.max(...sizes)).jsonl;
const bareRun = bare(largest);
const result = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model ?? '?', loadavg1: load, node: process.version },
  workers: Number(workers),
  floor,
  bareParseLargest: { sizeMB: Math.max(...sizes), ...bareRun },
  rows,
};
const f = (x: number, d = 0) => x.toFixed(d);
const md = [
  '# Peak RSS of `check` against log size',
  '',
  `Measured ${result.date} on ${result.machine.cpus} × ${result.machine.model}, Node ${result.machine.node}, load ${f(load, 2)} at start, \`--workers ${workers}\`, built CLI (\`dist/\`), \`--reporter json --output /dev/null\`. Peak RSS is the whole process (main thread and worker threads) from \`/usr/bin/time\`. Generated logs (bench/support/generate-log.ts); the .zstd copies have one frame per ~200 KiB append batch.`,
  '',
  `Baselines in the same run: the CLI on a 1-event log (process floor) **${f(floor.maxRssMB)} MB**; a bare read + split + JSON.parse loop over the ${Math.max(...sizes)} MB jsonl log **${f(bareRun.maxRssMB)} MB**.`,
  '',
  '| log (decoded) | format | file size | peak RSS | vs floor | wall time | exit |',
  '|---:|---|---:|---:|---:|---:|---:|',
  ...rows.map((r) => `| ${r.sizeMB} MB | ${r.format} | ${f(r.fileMB, 1)} MB | ${f(r.run.maxRssMB)} MB | ${f(r.run.maxRssMB / floor.maxRssMB, 2)}× | ${f(r.run.wallMs / 1000, 1)} s | ${r.run.exit} |`),
  '',
  `Target: ≤ 256 MB for any size. Largest peak here: ${f(Math.max(...rows.map((r) => r.run.maxRssMB)))} MB.`,
  '',
];
process.stdout.write(`${md.join('\n')}\n`);
if (values.write) {
  writeFileSync(join(root, 'bench/results/rss.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(join(root, 'bench/results/rss.md'), md.join('\n'));
}
