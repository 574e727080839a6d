/**
 * The library API of dsh-ctx-conform (`import { ... } from 'dsh-ctx-conform'`). Everything here is
 * semver-covered: a name is only removed or changed incompatibly in a major release. Deeper modules
 * are not exported (the package `exports` map does not expose them) so they can change freely.
 *
 * - runConformance: run plugins through the conformance suite; returns a RunReport (data, no output).
 * - checkLogs: validate session logs (files or directories); returns a CheckReport.
 * - loadFixtures: the conformance suite as data.
 * - renderReport: any report with any reporter, as a string (renderReportChunks: as a stream of chunks).
 * - mergeReports: shard reports into one.
 * - VerdictReason, renderReason: a result's `reason` (code and data) and the words the reporters print for it.
 */
import { checkLog as checkLogFile, checkText as checkLogText, type CheckLogOptions as ValidatorCheckLogOptions, type FileResult } from '../../invariants/check.js';
import { checkPaths, type CheckPathsOptions, type Shard } from '../../invariants/check-paths.js';
import { ruleIndex } from '../../invariants/engine.js';
import type { CheckReport as CheckReportT } from '../../invariants/reporters/report.js';
import { allRuleModules } from '../../invariants/rules/index.js';
import { DEFAULT_REVISION, type SourceName, type SpecRevision } from '../../spec/revisions.js';
import { version } from '../version.js';
import type { Chunks } from '../cli/reporter-options.js';
import { buildTimelines } from '../reporters/html/timeline.js';
import { CHECK_REPORTER_NAMES, RUN_REPORTER_NAMES, renderCheck, renderRun, type CheckReporter, type RunReporter } from '../reporters/registry.js';
import type { RunReport as RunReportT } from '../runner/results.js';
import { defaultFixtureRoot } from '../runner/run-conformance.js';
import type { Fixture as FixtureT } from '../scenario/schema.js';
import { readAllFixtures } from '../scenario/store.js';

export { runConformance, runFailed, type RunConformanceOptions } from '../runner/run-conformance.js';
export { mergeReports, mergeCheckReports, mergeRunReports, identifyReport, MergeError, type AnyReport } from '../reporters/merge.js';
export { RunReport, FixtureResult } from '../runner/results.js';
export { VerdictReason, type ReasonCode, type ReasonData } from '../results/reasons.js';
export { renderReason } from '../results/messages.js';
export { CheckReport, CheckSummary, CheckedFile } from '../../invariants/reporters/report.js';
export { Finding, Severity } from '../../invariants/findings.js';
export { ScenarioFixture, LogFixture, Fixture } from '../scenario/schema.js';
export { SOURCES, SPEC_REVISIONS, DEFAULT_REVISION, type SourceName, type SpecRevision } from '../../spec/revisions.js';
/** @deprecated The 0.1 name of {@link DEFAULT_REVISION}. */
export const DEFAULT_SPEC: SpecRevision = DEFAULT_REVISION;
export type { KnownConfigs } from '../../invariants/engine.js';
export type { Shard } from '../../invariants/check-paths.js';
export { CHECK_REPORTER_NAMES, RUN_REPORTER_NAMES, type CheckReporter, type RunReporter };
export { version };

/**
 * The spec revision option of the API calls below is `revision`; `spec`, its 0.1 name, is still
 * accepted (deprecated; `revision` wins when both are given) and will go in a major release.
 */
export interface DeprecatedSpecOption {
  /** @deprecated The 0.1 name of `revision`. */
  spec?: SpecRevision;
}

/** Options with the 0.1 `spec` key read as `revision`. */
function withRevision<T extends { revision?: SpecRevision } & DeprecatedSpecOption>(options: T): Omit<T, 'spec'> {
  const { spec, ...rest } = options;
  return spec !== undefined && rest.revision === undefined ? { ...rest, revision: spec } : rest;
}

export type { FileResult };
export type CheckLogOptions = ValidatorCheckLogOptions & DeprecatedSpecOption;

/** Validate one log (the validator's `checkLog`), accepting the deprecated `spec` option. */
export function checkLog(path: string, options: CheckLogOptions = {}): Promise<FileResult> {
  return checkLogFile(path, withRevision(options));
}

/** Validate a log held in memory (the validator's `checkText`), accepting the deprecated `spec` option. */
export function checkText(name: string, text: string | Uint8Array, options: Omit<CheckLogOptions, 'chunks'> = {}): Promise<FileResult> {
  return checkLogText(name, text, withRevision(options));
}

export interface CheckLogsOptions extends Omit<Partial<CheckPathsOptions>, 'tool' | 'modules'>, DeprecatedSpecOption {
  shard?: Shard;
}

/** Validate session logs (`session.jsonl[.zstd]` files, or directories searched recursively). */
export function checkLogs(paths: string | readonly string[], options: CheckLogsOptions = {}): Promise<CheckReportT> {
  return checkPaths(typeof paths === 'string' ? [paths] : paths, { ...withRevision(options), modules: allRuleModules, tool: { name: 'dsh-ctx-conform', version } });
}

export interface LoadFixturesOptions {
  /** Another copy of the suite (default: the bundled one). */
  dir?: string;
  source?: SourceName | 'log';
  kind?: FixtureT['kind'];
  /** Only fixtures that apply to this revision. */
  revision?: SpecRevision;
  /** @deprecated The 0.1 name of `revision`. */
  spec?: SpecRevision;
}

/** The conformance suite as data, each fixture with the directory it was read from. */
export function loadFixtures(input: LoadFixturesOptions = {}): Array<FixtureT & { dir: string }> {
  const options = withRevision(input);
  return readAllFixtures(options.dir ?? defaultFixtureRoot())
    .filter(({ fixture: f }) => (!options.source || f.source === options.source) && (!options.kind || f.kind === options.kind) && (!options.revision || f.revisions.includes(options.revision)))
    .map(({ fixture, dir }) => ({ ...fixture, dir }));
}

export interface RenderOptions {
  /** ANSI colour for the human reporter (default false). */
  color?: boolean;
}

function isRunReport(report: RunReportT | CheckReportT): report is RunReportT {
  return 'results' in report;
}

/** A report rendered by one reporter, as a stream of string chunks (large HTML reports stay streaming). */
export async function renderReportChunks(report: RunReportT | CheckReportT, reporter: RunReporter | CheckReporter, options: RenderOptions = {}): Promise<Chunks> {
  if (isRunReport(report)) {
    if (!(RUN_REPORTER_NAMES as readonly string[]).includes(reporter)) throw new TypeError(`unknown run reporter ${JSON.stringify(reporter)}; one of ${RUN_REPORTER_NAMES.join(', ')}`);
    return renderRun(reporter as RunReporter, report, options);
  }
  if (!(CHECK_REPORTER_NAMES as readonly string[]).includes(reporter)) throw new TypeError(`unknown check reporter ${JSON.stringify(reporter)}; one of ${CHECK_REPORTER_NAMES.join(', ')}`);
  const rules = new Map([...ruleIndex(allRuleModules)].map(([id, meta]) => [id, meta]));
  const timelines = reporter === 'html' ? await buildTimelines(report.files.map((f) => f.file), report.findings) : undefined;
  return renderCheck(reporter as CheckReporter, report, { color: options.color, rules, timelines });
}

/** A report rendered by one reporter (human, json, junit, tap, sarif, github, html), as one string. */
export async function renderReport(report: RunReportT | CheckReportT, reporter: RunReporter | CheckReporter, options: RenderOptions = {}): Promise<string> {
  let out = '';
  for await (const chunk of await renderReportChunks(report, reporter, options)) out += chunk;
  return out;
}
