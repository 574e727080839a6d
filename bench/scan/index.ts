import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fitPowerLaw } from './fit.js';
import { checkHistory, guardShape, type GuardReport } from './guard.js';
import { generateSession, type GeneratedSession } from './history.js';
import { loadImplementation, type LoadedImplementation } from './implementations.js';
import { measurePreStep, type Budget } from './measure.js';
import { PreStepDriver } from './driver.js';
import { formatSize, renderChart, renderMarkdown, renderTable, updateReadme } from './report.js';
import { ScanResults, machineFingerprint, type Figure } from './results.js';
import { IMPLEMENTATIONS, SHAPES, SOURCES, type BenchSource, type Implementation, type LogRecipe, type ShapeSpec } from './shapes.js';
import { installVirtualClock } from './virtual-clock.js';

/**
 * The scan benchmark (issue #9): what interval scheduling's log lookups cost per `agent/pre-step`, for
 * the reference and the published plugin, over generated sessions of growing length.
 *
 * Order of work: load the four implementations; run the correctness guard on every shape at the
 * smallest size (nothing is timed if any implementation decides differently); then per size, generate
 * each distinct log once and time every (shape, source, implementation) on it.
 */

export interface ScanOptions {
  quick?: boolean;
  sizes?: number[];
  budget?: Budget;
  /** Only these shapes (all by default). */
  shapes?: ReadonlyArray<ShapeSpec['id']>;
  /** Progress lines (stderr by default). */
  log?: (line: string) => void;
}

export const FULL_SIZES = [1e3, 1e4, 1e5, 1e6];
export const QUICK_SIZES = [1e2, 1e3, 1e4];
export const FULL_BUDGET: Budget = { timeMs: 200, minIterations: 10, warmupTimeMs: 60, warmupIterations: 3 };
export const QUICK_BUDGET: Budget = { timeMs: 5, minIterations: 4, warmupTimeMs: 0, warmupIterations: 1 };

const DESCRIPTION =
  'Interval scheduling (time-context and tmux-context `refreshIntervalMs`) decides from the raw durable log whether a reading is due. ' +
  'The published plugins copy and reverse the whole event array on every pre-step (O(log length) per step, O(n²) per session); ' +
  'the reference keeps an index that is a pure function of the log, built on first sight of a session and extended incrementally. ' +
  'Each figure is the mean time of one `agent/pre-step` listener call (scheduling decision, elapsed baseline, browser-zone lookup, `next()`, message creation); ' +
  "the host's appends before and after it are outside the measurement.";

export async function runScanBenchmark(options: ScanOptions = {}): Promise<ScanResults> {
  const quick = options.quick ?? false;
  const sizes = [...(options.sizes ?? (quick ? QUICK_SIZES : FULL_SIZES))].sort((a, b) => a - b);
  const budget = options.budget ?? (quick ? QUICK_BUDGET : FULL_BUDGET);
  const shapes = SHAPES.filter((s) => options.shapes === undefined || options.shapes.includes(s.id));
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const machine = machineFingerprint();
  const restoreClock = installVirtualClock();
  try {
    const impls = new Map<string, LoadedImplementation>();
    for (const source of SOURCES) for (const implementation of IMPLEMENTATIONS) impls.set(`${source}/${implementation}`, await loadImplementation(source, implementation));
    const implOf = (source: BenchSource, implementation: Implementation) => impls.get(`${source}/${implementation}`)!;

    const recipes = [...new Map(shapes.map((s) => [s.log.id, s.log as LogRecipe])).values()];
    const generate = (recipe: LogRecipe, size: number): GeneratedSession => {
      const started = performance.now();
      const base = generateSession(recipe, size);
      checkHistory(base);
      log(`[scan] generated ${recipe.id} log: ${base.session.events.length} events in ${Math.round(performance.now() - started)} ms`);
      return base;
    };

    // Correctness guard first: never time an implementation that decides differently.
    const guard: GuardReport[] = [];
    for (const recipe of recipes) {
      const base = generate(recipe, sizes[0]);
      for (const shape of shapes.filter((s) => s.log.id === recipe.id)) {
        for (const source of SOURCES) guard.push(await guardShape(implOf(source, 'reference'), implOf(source, 'upstream'), shape, base));
      }
    }
    log(`[scan] guard passed: ${guard.length} (source, shape) pairs agree at ${sizes[0]} events`);

    const figures: Figure[] = [];
    for (const size of sizes) {
      for (const recipe of recipes) {
        const base = generate(recipe, size);
        for (const shape of shapes.filter((s) => s.log.id === recipe.id)) {
          for (const source of SOURCES) {
            for (const implementation of IMPLEMENTATIONS) {
              const impl = implOf(source, implementation);
              const name = `${source} ${shape.id} ${size} ${implementation}`;
              const m = await measurePreStep(new PreStepDriver(impl, shape, base), name, budget);
              const us = (ms: number) => ms * 1000;
              figures.push({
                source,
                shape: shape.id,
                implementation,
                label: impl.label,
                size,
                events: base.session.events.length,
                meanUs: us(m.meanMs),
                p50Us: us(m.p50Ms),
                p99Us: us(m.p99Ms),
                minUs: us(m.minMs),
                maxUs: us(m.maxMs),
                rme: m.rme,
                samples: m.samples,
                reopens: m.reopens,
              });
              log(`[scan] ${name.padEnd(44)} mean ${us(m.meanMs).toFixed(1).padStart(10)} µs  p50 ${us(m.p50Ms).toFixed(1).padStart(10)} µs  p99 ${us(m.p99Ms).toFixed(1).padStart(10)} µs  n=${m.samples}`);
            }
          }
        }
      }
    }
    return summarize({ machine, quick, sizes, budget, shapes, impls: [...impls.values()], guard, figures });
  } finally {
    restoreClock();
  }
}

function summarize(input: { machine: ScanResults['machine']; quick: boolean; sizes: number[]; budget: Budget; shapes: readonly ShapeSpec[]; impls: LoadedImplementation[]; guard: GuardReport[]; figures: Figure[] }): ScanResults {
  const { sizes, figures } = input;
  const find = (source: string, shape: string, size: number, implementation: string) =>
    figures.find((f) => f.source === source && f.shape === shape && f.size === size && f.implementation === implementation);
  const ratios: ScanResults['ratios'] = [];
  const exponents: ScanResults['exponents'] = [];
  const targets: ScanResults['targets'] = [];
  const targetSize = sizes.includes(1e5) ? 1e5 : sizes[sizes.length - 1];
  const growthBase = sizes.find((s) => s >= 1e3) ?? sizes[0];
  for (const source of SOURCES) {
    for (const shape of input.shapes) {
      for (const size of sizes) {
        const ref = find(source, shape.id, size, 'reference');
        const up = find(source, shape.id, size, 'upstream');
        if (ref && up) ratios.push({ source, shape: shape.id, size, upstreamOverReference: up.meanUs / ref.meanUs });
      }
      for (const implementation of IMPLEMENTATIONS) {
        const points = figures.filter((f) => f.source === source && f.shape === shape.id && f.implementation === implementation).map((f) => ({ n: f.events, cost: f.meanUs }));
        if (points.length >= 2) {
          const fit = fitPowerLaw(points);
          exponents.push({ source, shape: shape.id, implementation, exponent: fit.exponent, r2: Math.min(1, fit.r2) });
        }
      }
      const refAt = find(source, shape.id, targetSize, 'reference');
      const upAt = find(source, shape.id, targetSize, 'upstream');
      const refBase = find(source, shape.id, growthBase, 'reference');
      if (refAt && upAt && refBase) {
        const ratioAtTarget = upAt.meanUs / refAt.meanUs;
        const referenceGrowth = refAt.meanUs / refBase.meanUs;
        const growthApplies = shape.mode !== 'restart-first';
        targets.push({
          source,
          shape: shape.id,
          ratioAtTarget,
          ratioMet: ratioAtTarget >= 20,
          ratioAtTargetP50: upAt.p50Us / refAt.p50Us,
          referenceGrowth,
          growthMet: referenceGrowth <= 3,
          referenceGrowthP50: refAt.p50Us / refBase.p50Us,
          growthApplies,
        });
      }
    }
  }
  const largest = sizes[sizes.length - 1];
  const upstreamLargest = figures.filter((f) => f.size === largest && f.implementation === 'upstream');
  const { budget } = input;
  const notes = [
    `Per task: tinybench time budget ${budget.timeMs} ms of measured calls and at least ${budget.minIterations} samples, after ${budget.warmupIterations} warmup calls (≥ ${budget.warmupTimeMs} ms). ` +
      `This caps the slow cases: upstream at ${formatSize(largest)} events got ${Math.min(...upstreamLargest.map((f) => f.samples))}–${Math.max(...upstreamLargest.map((f) => f.samples))} samples per task.`,
    'Sessions are generated in memory (seeded; turn/step brackets, inbox splices, prompts, streamed chunks, assistant messages, tool calls and results, compactions) and continue to grow between measured calls by one step of events, so the incremental index path is exercised; once a log has grown by 10% (at least 100 events) it is reopened from the generated base outside the measurement, followed by one unmeasured call.',
    'time-context measures every pre-step; tmux-context measures turns\u2019 first pre-steps (it returns at once on later steps). tmux queries go to a canned `shell` service (no bash is spawned).',
    'no-reading: to keep the log free of readings, the harness does not commit time-context\u2019s reading (the decision is still fully computed and timed); tmux-context runs outside tmux (the query exits 1), so it never writes one.',
    'restart-first: every sample is the first pre-step of a fresh plugin instance on a freshly reopened session (a new session object over a copy of the event array), where the reference first sees the log: it walks back only as far as the first decision needs (to the newest reading, model-visible event or turn start), then extends forward as events append.',
    'Means include garbage-collection pauses, most of them caused by the harness (every step writes about twenty new events that survive the nursery); medians (p50) leave them out. The targets table gives both.',
    'Every third generated turn comes from the web UI with a browser time-zone claim. The published plugin validates the claim by constructing an `Intl.DateTimeFormat` on every pre-step of such a turn (~150 µs, independent of log length); the reference remembers zones it has already validated, so it pays that once per zone per process.',
    `Correctness guard: before timing, reference and upstream ran the same ${input.guard[0]?.preSteps ?? 0} pre-steps of every shape at ${sizes[0]} events and produced identical decisions (message ids aside).`,
  ];
  const results: ScanResults = {
    benchmark: 'scan',
    description: DESCRIPTION,
    date: new Date().toISOString(),
    machine: input.machine,
    settings: { quick: input.quick, sizes, budget, targetSize, notes },
    implementations: input.impls.map((i) => ({ source: i.source, implementation: i.implementation, label: i.label })),
    shapes: input.shapes.map((s) => ({ id: s.id, mode: s.mode, log: s.log.id, description: s.description, config: s.config })),
    guard: input.guard,
    figures,
    ratios,
    exponents,
    targets,
  };
  return ScanResults.parse(results);
}

export interface WrittenFiles {
  files: string[];
  /** Whether README.md existed and got the table. */
  readme: boolean;
}

/** Write scan.json, scan.svg and scan.md into `dir` and the table into the README (if there is one). */
export function writeScanResults(results: ScanResults, dir: string, readmePath: string): WrittenFiles {
  mkdirSync(dir, { recursive: true });
  const files = [join(dir, 'scan.json'), join(dir, 'scan.svg'), join(dir, 'scan.md')];
  writeFileSync(files[0], `${JSON.stringify(ScanResults.parse(results), null, 2)}\n`);
  writeFileSync(files[1], renderChart(results));
  writeFileSync(files[2], renderMarkdown(results));
  const readme = updateReadme(readmePath, renderTable(results));
  return { files, readme };
}
