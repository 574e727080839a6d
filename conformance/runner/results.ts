import { z } from 'zod';
import { SOURCES, SPEC_REVISIONS } from '../../spec/revisions.js';
import { VerdictReason } from '../results/reasons.js';

/**
 * A plugin's source: one of the four, `contributor` (any other plugin; the contributor suite), or
 * `unknown` for a plugin that could not be loaded (unless --source said).
 */
export const ResultSource = z.enum([...SOURCES, 'contributor', 'unknown']);

/** What the plugin printed while a fixture ran (bounded per stream; a marker says when some was cut). */
export const CapturedOutput = z.object({ stdout: z.string(), stderr: z.string() });

/** One fixture run against one plugin. Plain data; reporters render it. */
export const FixtureResult = z.object({
  plugin: z.string().describe('plugin label, e.g. @deepseek-ai/dsh-time-context@0.1.0-rc.8 or reference:time-context'),
  source: ResultSource,
  fixture: z.string().describe('fixture id (`load` for the row of a plugin that could not be loaded)'),
  title: z.string(),
  category: z.string(),
  status: z.enum(['pass', 'fail', 'error']),
  /** Why, as data: a code from a closed set and its data (conformance/results/reasons.ts; spec/reports.md). Absent only in reports written before reasons existed. */
  reason: VerdictReason.optional(),
  /** The reason rendered as text (conformance/results/messages.ts): what the human, JUnit and SARIF reports print. */
  message: z.string(),
  diff: z.object({ path: z.string(), expected: z.unknown(), actual: z.unknown() }).optional(),
  /** Non-normative differences (an error's class, a load failure's wording): never a failure (spec/verdicts.md). */
  infos: z.array(z.string()).optional(),
  /** Facts that may explain a failure, e.g. a lookup of a service the host does not offer. */
  warnings: z.array(z.string()).optional(),
  /** Rule ids of invariant violations found in the log the plugin produced. */
  rules: z.array(z.string()).optional(),
  /** The fixture's directory (its initial.jsonl, actions and expected.jsonl reproduce the run). */
  path: z.string().optional(),
  /** Listed in the expected-failures file. */
  expected: z.boolean().optional(),
  durationMs: z.number(),
  /** The plugin's stdout/stderr during this fixture: kept for failures and errors, or all with --show-output. */
  output: CapturedOutput.optional(),
});
export type FixtureResult = z.infer<typeof FixtureResult>;

export const RunReport = z.object({
  tool: z.object({ name: z.literal('dsh-ctx-conform'), version: z.string() }),
  spec: z.enum(SPEC_REVISIONS),
  plugins: z.array(
    z.object({
      plugin: z.string(),
      source: ResultSource,
      shape: z.enum(['namespace', 'service', 'unknown']),
      loadError: z.string().optional().describe('set when the plugin could not be loaded (its row in results is an error)'),
    }),
  ),
  results: z.array(FixtureResult),
  properties: z
    .array(
      z.object({
        plugin: z.string(),
        source: ResultSource,
        status: z.enum(['pass', 'fail', 'error']),
        runs: z.number().int(),
        seed: z.number().int(),
        /** Why, as data (as a fixture result's `reason`). */
        reason: VerdictReason.optional(),
        /** The reason rendered. */
        message: z.string(),
        counterexample: z.string().optional().describe('path of the fixture file that reproduces the failure'),
      }),
    )
    .default([]),
  preamble: z.array(z.string()).optional().describe('lines that open the human report (e.g. which suite judged the plugin, waivers in force)'),
  warnings: z.array(z.string()).optional().describe('non-fatal problems, e.g. a --source that contradicts the plugin\'s own name'),
  stale: z.array(z.string()).describe('expected-failure entries that now pass'),
  summary: z.object({ pass: z.number().int(), fail: z.number().int(), error: z.number().int(), expectedFailures: z.number().int(), stale: z.number().int() }),
});
export type RunReport = z.infer<typeof RunReport>;
