/**
 * What restart-equivalence costs: the contributor suite runs each generated session once as lived and
 * once more per pre-step (restart inserted, cut after it). Measured in one run against its baseline —
 * executing the same sessions once each — for a correct corpus plugin, in-process.
 *
 *   tsx bench/contributor/suite-cost.ts   → bench/results/contributor-suite.md
 */
import fc from 'fast-check';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusLoader } from '../../conformance/contributor/corpus/corpus.js';
import { inProcessExecutor } from '../../conformance/contributor/executor.js';
import { contributorSessions } from '../../conformance/contributor/sessions.js';
import { judgeSession } from '../../conformance/contributor/suite.js';

const SESSIONS = 200;
const sessions = fc.sample(contributorSessions(), { numRuns: SESSIONS, seed: 11 });
const executor = inProcessExecutor(corpusLoader('log-scan-interval.mjs'));
const time = async (fn: () => Promise<void>) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};
let executions = 0;
const counting: typeof executor = async (inputs) => (executions++, executor(inputs));
for (const s of sessions.slice(0, 10)) await executor(s); // warm-up: loader, adapters, JIT
const baseline = await time(async () => {
  for (const s of sessions) await executor(s);
});
const suite = await time(async () => {
  for (const s of sessions) await judgeSession(counting, s, 'corpus-log-interval');
});
const lines = [
  '# Contributor suite: cost of restart-equivalence',
  '',
  `Measured ${new Date().toISOString().slice(0, 10)} on this machine, one run, ${SESSIONS} generated sessions (seed 11), plugin \`log-scan-interval.mjs\`, in-process executor.`,
  '',
  '| run | executions | total ms | ms per session | ratio |',
  '|---|---|---|---|---|',
  `| baseline: each session executed once | ${SESSIONS} | ${baseline.toFixed(0)} | ${(baseline / SESSIONS).toFixed(2)} | 1.00 |`,
  `| suite: lived + one replay per pre-step, judged | ${executions} | ${suite.toFixed(0)} | ${(suite / SESSIONS).toFixed(2)} | ${(suite / baseline).toFixed(2)} |`,
  '',
  `Replays per session: ${(executions / SESSIONS - 1).toFixed(2)} on average; the ratio follows it (each replay is cut after its pre-step, so it is cheaper than a whole session).`,
  '',
];
writeFileSync(join(import.meta.dirname, '..', 'results', 'contributor-suite.md'), lines.join('\n'));
process.stdout.write(lines.join('\n'));
