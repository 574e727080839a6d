import { cpus, loadavg, totalmem } from 'node:os';
import { z } from 'zod';

/**
 * The shape of `bench/results/scan.json`, validated before it is written (and by the quick test), so
 * the file is a contract other tools can read: machine fingerprint, run settings, one figure per
 * (source, shape, size, implementation), the upstream/reference ratio per (source, shape, size), and
 * the fitted growth exponent per (source, shape, implementation).
 */

const positive = z.number().positive().finite();
const nonNegative = z.number().nonnegative().finite();

export const Machine = z.object({
  node: z.string(),
  platform: z.string(),
  arch: z.string(),
  cpu: z.string(),
  cores: z.number().int().positive(),
  memoryGiB: positive,
  /** 1-minute load average when the run started (other work on the machine skews figures). */
  loadAverage: nonNegative,
});
export type Machine = z.infer<typeof Machine>;

export const Figure = z.object({
  source: z.enum(['time-context', 'tmux-context']),
  shape: z.string(),
  implementation: z.enum(['reference', 'upstream']),
  label: z.string(),
  /** Nominal session size (events in the generated log before measurement). */
  size: z.number().int().positive(),
  /** Actual generated log length (the generator ends between turns, a few events past `size`). */
  events: z.number().int().positive(),
  meanUs: positive,
  p50Us: positive,
  p99Us: positive,
  minUs: nonNegative,
  maxUs: positive,
  rme: nonNegative,
  samples: z.number().int().positive(),
  reopens: z.number().int().nonnegative(),
});
export type Figure = z.infer<typeof Figure>;

export const Ratio = z.object({
  source: z.enum(['time-context', 'tmux-context']),
  shape: z.string(),
  size: z.number().int().positive(),
  /** upstream mean / reference mean: how many times cheaper the reference pre-step is. */
  upstreamOverReference: positive,
});

export const Exponent = z.object({
  source: z.enum(['time-context', 'tmux-context']),
  shape: z.string(),
  implementation: z.enum(['reference', 'upstream']),
  exponent: z.number().finite(),
  r2: z.number().min(0).max(1.000001),
});

export const Target = z.object({
  source: z.enum(['time-context', 'tmux-context']),
  shape: z.string(),
  /** upstream/reference at the target size (1e5 in full runs; the largest size in quick runs). */
  ratioAtTarget: positive,
  ratioMet: z.boolean(),
  /** The same ratio on medians (p50), which GC pauses caused by the harness's own allocation do not move. */
  ratioAtTargetP50: positive,
  /** reference cost at the target size / at the smallest measured size ≥ 1e3. */
  referenceGrowth: positive,
  growthMet: z.boolean(),
  referenceGrowthP50: positive,
  /** Shapes that pay an O(n) build by design (restart-first) are reported but exempt from the growth target. */
  growthApplies: z.boolean(),
});

export const ScanResults = z.object({
  benchmark: z.literal('scan'),
  description: z.string(),
  date: z.string(),
  machine: Machine,
  settings: z.object({
    quick: z.boolean(),
    sizes: z.array(z.number().int().positive()).min(2),
    budget: z.object({ timeMs: nonNegative, minIterations: z.number().int().positive(), warmupTimeMs: nonNegative, warmupIterations: z.number().int().nonnegative() }),
    targetSize: z.number().int().positive(),
    notes: z.array(z.string()),
  }),
  implementations: z.array(z.object({ source: z.string(), implementation: z.string(), label: z.string() })),
  shapes: z.array(z.object({ id: z.string(), mode: z.string(), log: z.string(), description: z.string(), config: z.record(z.string(), z.unknown()) })),
  guard: z.array(z.object({ source: z.string(), shape: z.string(), size: z.number().int().positive(), preSteps: z.number().int().positive(), injections: z.number().int().nonnegative() })),
  figures: z.array(Figure),
  ratios: z.array(Ratio),
  exponents: z.array(Exponent),
  targets: z.array(Target),
});
export type ScanResults = z.infer<typeof ScanResults>;

export function machineFingerprint(): Machine {
  const cpu = cpus();
  return {
    node: process.version,
    platform: process.platform,
    arch: process.arch,
    cpu: cpu[0]?.model.trim() ?? 'unknown',
    cores: Math.max(1, cpu.length),
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    loadAverage: Math.round(loadavg()[0] * 100) / 100,
  };
}
