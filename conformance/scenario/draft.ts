import type { SpecRevision, SourceName } from '../../spec/revisions.js';
import type { z } from 'zod';
import type { Action, Category, ExpectedFinding, LogEvent, LogHeader, Outcome, ScenarioEnv } from './schema.js';

/**
 * What a generator writes: a fixture without its computed parts. For a scenario the expectation is
 * computed by running the reference (and cross-checked against the published upstream package); the
 * author may pin outcomes they mean (`expectOutcomes`) so a reference bug cannot silently become the
 * spec. For a log fixture the author states the exact multiset of rule ids, and generation fails if
 * the validator disagrees.
 */
export interface ScenarioDraftFields {
  source: SourceName;
  category: z.infer<typeof Category>;
  title: string;
  rules: string[];
  config?: Record<string, unknown>;
  env: z.input<typeof ScenarioEnv>;
  log?: Array<z.input<typeof LogEvent>>;
  actions: Array<z.input<typeof Action>>;
  /** Outcomes the author intends; generation fails when the reference does something else. */
  expectOutcomes?: Outcome[];
  /** Extra author checks on the reference's run (e.g. a text it must contain); throw to fail generation. */
  check?: (actual: import('./execute.js').ScenarioActual) => void;
  /** When set, a disagreement with the upstream package is allowed and recorded with this reason. */
  upstreamDeviation?: string;
  provenance?: { generator: string; seed?: number };
}

export interface LogDraftFields {
  source: SourceName | 'log';
  category: z.infer<typeof Category>;
  title: string;
  rules: string[];
  config?: Record<string, Record<string, unknown>>;
  header: Record<string, unknown>;
  log: unknown[];
  /**
   * Exact multiset of findings (severity error or warning) the validator must report: located
   * (`{rule, seq}` / `{rule, line}`), checked exactly, or a bare rule id, whose place is then taken
   * from the validator's report at generation and pinned in the fixture (the multiset of ids is still
   * the author's and is checked).
   */
  findings: Array<string | ExpectedFinding>;
  /** When given, the exact multiset of info findings too (same forms). */
  info?: Array<string | ExpectedFinding>;
  tornTail?: boolean;
  /** The log as a .jsonl.zstd container (bytes); `header`/`log` then describe its intended content. */
  zstd?: Uint8Array;
  provenance?: { generator: string; seed?: number };
}

/** The revisions a fixture applies to (its `revisions`). */
export type DraftRevisions = { revisions: SpecRevision[] };

export type ScenarioDraft = ScenarioDraftFields & DraftRevisions;
export type LogDraft = LogDraftFields & DraftRevisions;

/** The module shape of `conformance/generators/<source>.ts`. */
export interface GeneratorModule {
  scenarios?(): ScenarioDraft[] | Promise<ScenarioDraft[]>;
  logFixtures?(): LogDraft[] | Promise<LogDraft[]>;
}
