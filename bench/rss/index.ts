/**
 * Benchmark: peak RSS of `check` against log size, for jsonl and production zstd (one frame per
 * ~200 KiB append batch), from 10 MB up to 1 GB. The target is a flat line under 256 MB whatever the
 * size. Baselines in the same run: the RSS of the same CLI on a tiny log (the process floor), and a
 * bare "read 1 MiB chunks, split lines, JSON.parse" loop over the largest jsonl log.
 *
 *   npm run build && npx tsx bench/rss/index.ts [--sizes 10,100,500,1000] [--lines 16,31,63] [--workers 1]
 *
 * `--lines` adds logs made of one event whose line is that many MiB: the one input whose memory grows
 * with its size (a line is parsed whole). Under the 32 MiB default line limit it is judged; over it,
 * skipped unparsed (LOG-READ-5).
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

const { values } = parseArgs({ options: { lines: { type: 'string' }, sizes: { type: 'string' }, workers: { type: 'string' }, write: { type: 'boolean' } } });
const sizes = (values.sizes ?? '10,50,100,200,500,1000').split(',').map(Number);
const workers = values.workers ?? '1';
const lineSizes = (values.lines ?? '16,31,63').split(',').filter(Boolean).map(Number);
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

/** One header and one event whose line is `mib` MiB (a single huge text part). */
function longLineFor(mib: number): { jsonl: string; zstd: string } {
  mkdirSync(dir, { recursive: true });
  const jsonl = join(dir, `rss-line-${mib}mib.jsonl`);
  const zstd = `${jsonl}.zstd`;
  if (!existsSync(jsonl)) {
    const header = { type: 'session', version: 0, id: 'rss-long-line', createdAt: 1_700_000_000_000, cwd: '/proj', delegationDepth: 0 };
    const event = { type: 'user/message', seq: 0, time: 1_700_000_000_001, data: { message: { role: 'user', content: [{ type: 'text', text: 'x'.repeat(mib * 1024 * 1024 - 256) }] } } };
    writeFileSync(jsonl, `${JSON.stringify(header)}\n${JSON.stringify(event)}\n`);
  }
  if (!existsSync(zstd)) compressMultiFrame(jsonl, zstd);
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
const lineRows: Array<{ lineMiB: number; format: 'jsonl' | 'zstd'; run: CliRun }> = [];
for (const mib of lineSizes) {
  const { jsonl, zstd } = longLineFor(mib);
  for (const [format, file] of [['jsonl', jsonl], ['zstd', zstd]] as const) {
    const run = check(file);
    process.stderr.write(`${format} one ${mib} MiB line: ${run.maxRssMB.toFixed(0)} MB RSS, exit ${run.exit}\n`);
    lineRows.push({ lineMiB: mib, format, run });
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
  lineRows,
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
  ...(lineRows.length > 0
    ? [
        '## One long line',
        '',
        'A log of one event whose line is the given size: the one input whose cost grows with its size, because a line is parsed whole. Up to the line limit (default 32 MiB, `--max-line-size`) it is judged; over it, it is skipped unparsed as a LOG-READ-5 error and costs nothing. (Exit 1 throughout: the generated event is deliberately bare and has findings; what is measured is the memory of reading it.)',
        '',
        '| line | format | judged? | peak RSS | vs floor | exit |',
        '|---:|---|---|---:|---:|---:|',
        ...lineRows.map((r) => `| ${r.lineMiB} MiB | ${r.format} | ${r.lineMiB < 32 ? 'parsed and judged' : 'over the limit: skipped (LOG-READ-5)'} | ${f(r.run.maxRssMB)} MB | ${f(r.run.maxRssMB / floor.maxRssMB, 2)}× | ${r.run.exit} |`),
        '',
        `Largest peak for a judged line: ${f(Math.max(0, ...lineRows.filter((r) => r.lineMiB < 32).map((r) => r.run.maxRssMB)))} MB (target ≤ 256 MB).`,
        '',
      ]
    : []),
];
process.stdout.write(`${md.join('\n')}\n`);
if (values.write) {
  writeFileSync(join(root, 'bench/results/rss.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(join(root, 'bench/results/rss.md'), md.join('\n'));
}
