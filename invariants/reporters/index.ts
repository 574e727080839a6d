import type { RuleMeta } from '../engine.js';
import { renderGithub } from './github.js';
import { renderHuman } from './human.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';
import type { CheckReport } from './report.js';
import { renderSarif } from './sarif.js';

export const REPORTERS = ['human', 'json', 'junit', 'sarif', 'github'] as const;
export type ReporterName = (typeof REPORTERS)[number];

export interface RenderContext {
  color: boolean;
  rules: ReadonlyMap<string, RuleMeta>;
}

export function render(name: ReporterName, report: CheckReport, ctx: RenderContext): string {
  switch (name) {
    case 'human':
      return renderHuman(report, { color: ctx.color });
    case 'json':
      return renderJson(report);
    case 'junit':
      return renderJunit(report);
    case 'sarif':
      return renderSarif(report, ctx.rules);
    case 'github':
      return renderGithub(report);
  }
}
