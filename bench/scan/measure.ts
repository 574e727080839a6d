import { Bench } from 'tinybench';
import type { Decision, PreStepDriver } from './driver.js';

/**
 * One tinybench task per (source, shape, size, implementation): each sample is one `agent/pre-step`
 * listener call; the host's work before and after it runs in the task's `beforeEach`/`afterEach`
 * hooks, which tinybench keeps out of both the sample and the time budget.
 */

export interface Budget {
  /** tinybench `time`: measured milliseconds per task (runs until both this and `minIterations` are met). */
  timeMs: number;
  minIterations: number;
  warmupTimeMs: number;
  warmupIterations: number;
}

/** Per-pre-step cost, milliseconds. */
export interface Measurement {
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  minMs: number;
  maxMs: number;
  /** Relative margin of error of the mean, percent. */
  rme: number;
  samples: number;
  /** Sum of the measured samples. */
  totalMs: number;
  /** Times the steady-state log was reopened because it outgrew its slack. */
  reopens: number;
}

export async function measurePreStep(driver: PreStepDriver, name: string, budget: Budget): Promise<Measurement> {
  const mode = driver.shape.mode;
  const bench = new Bench({
    name,
    time: budget.timeMs,
    iterations: budget.minIterations,
    warmupTime: budget.warmupTimeMs,
    warmupIterations: budget.warmupIterations,
    throws: true,
  });
  let decision: Decision | undefined;
  bench.add(
    name,
    async () => {
      decision = await driver.call();
    },
    {
      async: true,
      beforeAll: async () => {
        // Steady state starts after the first call on the session (the index build, if any).
        if (mode === 'restart-steady') driver.restart();
        if (mode !== 'restart-first') await driver.prime();
      },
      beforeEach: async () => {
        if (mode === 'restart-first') driver.restart();
        await driver.prepare();
      },
      afterEach: async () => {
        if (mode === 'restart-first') driver.discard();
        else await driver.complete(decision!);
      },
    },
  );
  await bench.run();
  const result = bench.tasks[0].result;
  if (result.state !== 'completed') {
    const detail = result.state === 'errored' ? result.error.message : result.state;
    throw new Error(`${name}: benchmark task did not complete (${detail})`);
  }
  const latency = result.latency;
  return {
    meanMs: latency.mean,
    p50Ms: latency.p50,
    p99Ms: latency.p99,
    minMs: latency.min,
    maxMs: latency.max,
    rme: latency.rme,
    samples: latency.samplesCount,
    totalMs: result.totalTime,
    reopens: driver.reopens,
  };
}
