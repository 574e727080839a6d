// Wall time of the default run (`node dist/conformance/cli/bin.js`, no arguments: the four
// references over the whole suite), this checkout against a baseline checkout built the same way,
// measured alternately in the same session so machine load affects both alike.
//
//   node bench/run-wall/measure.mjs BASELINE_DIR [ROUNDS]
//
// Writes bench/results/run-wall.json and run-wall.md. BASELINE_DIR is e.g. `git archive main | tar -x
// -C /tmp/a-base`, with node_modules linked in and `tsc -p tsconfig.build.json` run there.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const here = join(import.meta.dirname, '..', '..');
const [baseDir, roundsArg] = process.argv.slice(2);
if (!baseDir) throw new Error('usage: node bench/run-wall/measure.mjs BASELINE_DIR [ROUNDS]');
const rounds = Number(roundsArg ?? 7);

function once(dir) {
  const started = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [join(dir, 'dist', 'conformance', 'cli', 'bin.js')], { cwd: dir, encoding: 'utf8', maxBuffer: 64 << 20 });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const summary = /Summary: .*/.exec(r.stdout)?.[0] ?? `(exit ${r.status})`;
  return { ms, summary, status: r.status };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = [];
const mine = [];
once(baseDir);
once(here); // warm the file cache for both
for (let i = 0; i < rounds; i++) {
  base.push(once(baseDir));
  mine.push(once(here));
}
const result = {
  measuredAt: new Date().toISOString(),
  node: process.version,
  rounds,
  baseline: { medianMs: Math.round(median(base.map((r) => r.ms))), runsMs: base.map((r) => Math.round(r.ms)), summary: base[0].summary },
  isolated: { medianMs: Math.round(median(mine.map((r) => r.ms))), runsMs: mine.map((r) => Math.round(r.ms)), summary: mine[0].summary },
};
result.ratio = Number((result.isolated.medianMs / result.baseline.medianMs).toFixed(2));
writeFileSync(join(here, 'bench', 'results', 'run-wall.json'), JSON.stringify(result, null, 2) + '\n');
writeFileSync(
  join(here, 'bench', 'results', 'run-wall.md'),
  `# Default run wall time: isolated runner vs baseline\n\n` +
    `\`node dist/conformance/cli/bin.js\` (the four references, whole suite), ${rounds} alternating rounds, ${result.node}, ${result.measuredAt}.\n\n` +
    `| | median ms | runs ms | summary |\n|---|---:|---|---|\n` +
    `| baseline (main) | ${result.baseline.medianMs} | ${result.baseline.runsMs.join(', ')} | ${result.baseline.summary} |\n` +
    `| isolated (permission model, judge in parent) | ${result.isolated.medianMs} | ${result.isolated.runsMs.join(', ')} | ${result.isolated.summary} |\n\n` +
    `**Ratio isolated / baseline: ${result.ratio}** (target < 1.5).\n`,
);
console.log(JSON.stringify(result, null, 2));
