/**
 * Benchmark: `check` over a fleet of 400 session logs (a ~/.dsh/sessions tree: sizes 40 KB–1.2 MB,
 * every other one production zstd), one worker thread against `--workers N` (default: the available
 * parallelism), and against N independent one-worker processes each checking one `--shard i/N` (no
 * pool code: what this machine gives independent processes, the pool's practical ceiling). The three
 * run in rotating order within each rep, so the shared machine's background load hits all alike. Each
 * rep also proves the reports identical (the shards after `merge-reports`). Target: ≥ 1.8× one worker
 * on 2 cores.
 *
 *   npm run build && npx tsx bench/fleet/index.ts [--reps 5] [--logs 400] [--write]
 *
 * The fleet is generated once into $DSH_BENCH_DIR/fleet-<logs> (default /tmp/dsh-bench-logs). Writes
 * bench/results/fleet.{json,md}.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { generateLog, mulberry32 } from '../support/generate-log.js';
import { compressMultiFrame, requireBuild, root, runCli, runCliTogether, type CliRun } from '../support/cli-run.js';

const { values } = parseArgs({ options: { reps: { type: 'string' }, logs: { type: 'string' }, workers: { type: 'string' }, write: { type: 'boolean' } } });
const reps = Number(values.reps ?? 5);
const logs = Number(values.logs ?? 400);
const workers = Number(values.workers ?? availableParallelism());
const base = process.env.DSH_BENCH_DIR ?? '/tmp/dsh-bench-logs';
const fleet = join(base, `fleet-${logs}`);

function makeFleet(): number {
  if (existsSync(join(fleet, '.done'))) return Number(readFileSync(join(fleet, '.done'), 'utf8'));
  rmSync(fleet, { recursive: true, force: true });
  const rnd = mulberry32(400);
  let bytes = 0;
  for (let i = 0; i < logs; i++) {
    const dir = join(fleet, `--home-user${i % 7}-proj--`, `session-${String(i).padStart(4, '0')}`);
    mkdirSync(dir, { recursive: true });
    // Log sizes are skewed as in real fleets: many small sessions, a few long ones.
    const size = Math.round(40_000 + 1_160_000 * rnd() ** 3);
    const jsonl = join(dir, 'session.jsonl');
    bytes += generateLog(jsonl, size, i + 1).bytes;
    if (i % 2 === 1) {
      compressMultiFrame(jsonl, `${jsonl}.zstd`, 16 * 1024);
      rmSync(jsonl);
    }
  }
  writeFileSync(join(fleet, '.done'), String(bytes));
  return bytes;
}

requireBuild();
const bytes = makeFleet();
const run = (n: number, out: string): CliRun => runCli(['check', fleet, '--workers', String(n), '--reporter', 'json', '--output', out]);
const load = loadavg()[0];
const out1 = join(base, 'fleet-w1.json');
const outN = join(base, 'fleet-wN.json');
const outMerged = join(base, 'fleet-shards.json');
const shardOut = (i: number) => join(base, `fleet-shard-${i}-of-${workers}.json`);
const shardArgs = Array.from({ length: workers }, (_, k) => ['check', fleet, '--workers', '1', '--shard', `${k + 1}/${workers}`, '--reporter', 'json', '--output', shardOut(k + 1)]);
type Arm = 'one' | 'many' | 'shards';
const arms: Record<Arm, () => Promise<CliRun>> = {
  one: async () => run(1, out1),
  many: async () => run(workers, outN),
  shards: () => runCliTogether(shardArgs),
};
const ARMS: Arm[] = ['one', 'many', 'shards'];
const pairs: Array<{ one: CliRun; many: CliRun; shards: CliRun; ratio: number; shardsRatio: number; identical: boolean }> = [];
run(workers, outN); // warm the page cache
for (let r = 0; r < reps; r++) {
  // Rotate which goes first, so a load spike does not always favour the same arm.
  const got = {} as Record<Arm, CliRun>;
  for (let k = 0; k < ARMS.length; k++) {
    const arm = ARMS[(r + k) % ARMS.length];
    got[arm] = await arms[arm]();
  }
  runCli(['merge-reports', ...shardArgs.map((_, k) => shardOut(k + 1)), '--reporter', 'json', '--output', outMerged]);
  const whole = readFileSync(out1, 'utf8');
  const identical = whole === readFileSync(outN, 'utf8') && whole === readFileSync(outMerged, 'utf8');
  const { one, many, shards } = got;
  pairs.push({ one, many, shards, ratio: one.wallMs / many.wallMs, shardsRatio: one.wallMs / shards.wallMs, identical });
  process.stderr.write(`rep ${r + 1}: 1 worker ${(one.wallMs / 1000).toFixed(2)} s, ${workers} workers ${(many.wallMs / 1000).toFixed(2)} s (${(one.wallMs / many.wallMs).toFixed(2)}×), ${workers} shard processes ${(shards.wallMs / 1000).toFixed(2)} s (${(one.wallMs / shards.wallMs).toFixed(2)}×)${identical ? '' : ' REPORTS DIFFER'}\n`);
}
const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)];
const ratios = pairs.map((p) => p.ratio);
const shardRatios = pairs.map((p) => p.shardsRatio);
const result = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, availableParallelism: availableParallelism(), model: cpus()[0]?.model ?? '?', loadavg1AtStart: load, loadavg1AtEnd: loadavg()[0], node: process.version },
  fleet: { logs, decodedMB: bytes / 1e6 },
  workers,
  pairs,
  medianRatio: median(ratios),
  minRatio: sorted(ratios)[0],
  maxRatio: sorted(ratios)[ratios.length - 1],
  medianShardsRatio: median(shardRatios),
  medianPoolToShards: median(pairs.map((p) => p.shards.wallMs / p.many.wallMs)),
  allIdentical: pairs.every((p) => p.identical),
};
const f = (x: number, d = 2) => x.toFixed(d);
const oneCores = median(pairs.map((p) => p.one.cpuMs / p.one.wallMs));
const ceiling = Math.min(workers, result.machine.cpus) / oneCores;
const cores = (r: CliRun) => f(r.cpuMs / r.wallMs);
const md = [
  '# `check` on a fleet: one worker against the pool',
  '',
  `Measured ${result.date} on ${result.machine.cpus} × ${result.machine.model} (available parallelism ${result.machine.availableParallelism}), Node ${result.machine.node}; load average ${f(load)} at start, ${f(result.machine.loadavg1AtEnd)} at end (the machine is shared: other jobs compete for the same cores). Built CLI, \`--reporter json --output FILE\`.`,
  '',
  `Fleet: ${logs} generated logs, ${f(bytes / 1e6, 0)} MB decoded, sizes skewed 40 KB–1.2 MB, every other one production zstd (one frame per ~16 KiB append batch).`,
  '',
  `Three arms per rep, in rotating order: \`--workers 1\`; \`--workers ${workers}\` (the pool); and ${workers} independent \`--workers 1 --shard i/${workers}\` processes started together (no pool code: what this machine gives independent processes).`,
  '',
  `| rep | \`--workers 1\` | \`--workers ${workers}\` | ${workers} shard processes | pool speed-up | shards speed-up | CPU s (1 / pool / shards) | cores busy (1 / pool / shards) | reports identical |`,
  '|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ...pairs.map((p, i) => `| ${i + 1} | ${f(p.one.wallMs / 1000)} s | ${f(p.many.wallMs / 1000)} s | ${f(p.shards.wallMs / 1000)} s | ${f(p.ratio)}× | ${f(p.shardsRatio)}× | ${f(p.one.cpuMs / 1000, 1)} / ${f(p.many.cpuMs / 1000, 1)} / ${f(p.shards.cpuMs / 1000, 1)} | ${cores(p.one)} / ${cores(p.many)} / ${cores(p.shards)} | ${p.identical ? 'yes' : 'NO'} |`),
  '',
  `Pool speed-up over one worker (same-rep): median **${f(result.medianRatio)}×**, spread ${f(result.minRatio)}–${f(result.maxRatio)}×. Target ≥ 1.8× on 2 cores.`,
  `${workers} independent shard processes: median ${f(result.medianShardsRatio)}× over one worker; the pool's wall time is ${f(result.medianPoolToShards)}× theirs (above 1: the pool is faster than independent processes).`,
  `Peak RSS: ${f(Math.max(...pairs.map((p) => p.one.maxRssMB)), 0)} MB with 1 worker, ${f(Math.max(...pairs.map((p) => p.many.maxRssMB)), 0)} MB with ${workers} (whole process).`,
  '',
  '"Cores busy" is CPU time per wall second: how many cores the run actually got. CPU seconds that grow with parallelism (same work) mean the threads slowed each other down (shared caches and memory bandwidth, or other tenants of the machine).',
  '',
  `Ceiling: with one worker the run already keeps a median ${f(oneCores)} cores busy (the worker thread, libzstd decoding on libuv's thread pool, V8's background GC threads and the main thread overlap), so ${result.machine.cpus} cores allow at most ${f(ceiling)}× over one worker even with perfect scaling; the median pool speed-up is ${f((100 * result.medianRatio) / ceiling, 0)}% of that ceiling.`,
  '',
];
process.stdout.write(`${md.join('\n')}\n`);
if (values.write) {
  writeFileSync(join(root, 'bench/results/fleet.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(join(root, 'bench/results/fleet.md'), md.join('\n'));
}
