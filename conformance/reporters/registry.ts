import type { RuleMeta } from '../../invariants/engine.js';
import { REPORTERS as CHECK_BASE, renderChunks as renderCheckBase, type ReporterName as CheckBaseName } from '../../invariants/reporters/index.js';
import type { CheckReport } from '../../invariants/reporters/report.js';
import type { Chunks } from '../cli/reporter-options.js';
import type { RunReport } from '../runner/results.js';
import { renderCheckHtml } from './html/check-html.js';
import { renderRunHtml } from './html/run-html.js';
import type { Timeline } from './html/timeline.js';
import { RUN_REPORTERS as RUN_BASE, renderRunReport, type RunReporterName as RunBaseName } from './run-reporters.js';
import { renderRunGithub, renderRunSarif } from './run-sarif.js';

/**
 * Every reporter of `run` and `check` by name, as chunk streams. The two commands share the names
 * that make sense for both (human, json, junit, sarif, github, html); `tap` is run-only. The base
 * reporters live with their command's data (run-reporters.ts, invariants/reporters); this module only
 * adds the shared ones and dispatches.
 */
export const RUN_REPORTER_NAMES = [...RUN_BASE, 'sarif', 'github', 'html'] as const;
export type RunReporter = RunBaseName | 'sarif' | 'github' | 'html';

export const CHECK_REPORTER_NAMES = [...CHECK_BASE, 'html'] as const;
export type CheckReporter = CheckBaseName | 'html';

export function renderRun(name: RunReporter, report: RunReport, options: { color?: boolean; showOutput?: boolean } = {}): Chunks {
  switch (name) {
    case 'html':
      return renderRunHtml(report);
    case 'sarif':
      return [renderRunSarif(report)];
    case 'github':
      return [renderRunGithub(report)];
    default:
      return [renderRunReport(name, report, options.color ?? false, { showOutput: options.showOutput })];
  }
}

export interface CheckRenderOptions {
  color?: boolean;
  rules: ReadonlyMap<string, RuleMeta>;
  /** For html: the per-file timelines (see html/timeline.ts). */
  timelines?: readonly Timeline[];
}

export function renderCheck(name: CheckReporter, report: CheckReport, options: CheckRenderOptions): Chunks {
  if (name === 'html') return renderCheckHtml(report, options.timelines ?? []);
  // The check reporters stream (invariants/reporters): no report is built as one string.
  return renderCheckBase(name, report, { color: options.color ?? false, rules: options.rules });
}
