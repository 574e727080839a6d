import type { Writable } from 'node:stream';
import type { RuleMeta } from '../engine.js';
import { renderGithub } from './github.js';
import { renderHuman } from './human.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';
import type { CheckReport } from './report.js';
import { renderSarif } from './sarif.js';

/**
 * Every `check` reporter is a generator of text pieces: `(report, ctx) => Iterable<string>`. None
 * builds its output as one string (a fleet's report can be larger than V8's maximum string length);
 * {@link writeReport} writes the pieces with backpressure.
 */
export const REPORTERS = ['human', 'json', 'junit', 'sarif', 'github'] as const;
export type ReporterName = (typeof REPORTERS)[number];

export interface RenderContext {
  color: boolean;
  rules: ReadonlyMap<string, RuleMeta>;
}

/** The streaming reporter interface (an HTML or other reporter implements the same). */
export type CheckReporter = (report: CheckReport, ctx: RenderContext) => Iterable<string>;

export const checkReporters: Record<ReporterName, CheckReporter> = {
  human: (report, ctx) => renderHuman(report, { color: ctx.color }),
  json: (report) => renderJson(report),
  junit: (report) => renderJunit(report),
  sarif: (report, ctx) => renderSarif(report, ctx.rules),
  github: (report) => renderGithub(report),
};

/** The pieces of one report. */
export function renderChunks(name: ReporterName, report: CheckReport, ctx: RenderContext): Iterable<string> {
  return checkReporters[name](report, ctx);
}

/** The whole report as one string: for tests and small reports only (the CLI streams). */
export function render(name: ReporterName, report: CheckReport, ctx: RenderContext): string {
  let out = '';
  for (const piece of renderChunks(name, report, ctx)) out += piece;
  return out;
}

/** Pieces are joined up to this size before a write, so a write is neither tiny nor huge. */
const BATCH_CHARS = 64 * 1024;

/**
 * Write `pieces` to `out`, waiting for 'drain' whenever the stream's buffer is full, so memory holds at
 * most one batch however large the report. Rejects if the stream fails (EPIPE, ENOSPC, ...).
 */
export async function writeReport(out: Writable, pieces: Iterable<string>): Promise<void> {
  let failure: Error | null = null;
  const onError = (error: Error) => {
    failure = error;
  };
  out.on('error', onError);
  try {
    let batch = '';
    const flush = async (): Promise<void> => {
      if (failure) throw failure;
      const text = batch;
      batch = '';
      if (out.write(text)) return;
      await new Promise<void>((resolve, reject) => {
        const done = () => {
          out.off('drain', done);
          out.off('error', fail);
          out.off('close', done);
          resolve();
        };
        const fail = (error: Error) => {
          out.off('drain', done);
          out.off('close', done);
          reject(error);
        };
        out.on('drain', done);
        out.on('error', fail);
        out.on('close', done);
      });
      if (failure) throw failure;
    };
    for (const piece of pieces) {
      batch += piece;
      if (batch.length >= BATCH_CHARS) await flush();
    }
    if (batch.length > 0) await flush();
  } finally {
    out.off('error', onError);
  }
}
