import { z } from 'zod';
import { SOURCES, SPEC_REVISIONS } from '../../spec/revisions.js';
import type { ResolvedPlugin } from './plugin-arg.js';
import { LogEvent, LogHeader, Outcome, type ScenarioFixture } from '../scenario/schema.js';

/**
 * The messages between the kit (parent) and an isolated plugin process (child): newline-delimited
 * JSON frames on a private pipe (fd 3), each at most {@link MAX_FRAME_BYTES}. The child gets a
 * fixture's inputs only, never its expectation, id or title; it answers with raw observations. Every
 * frame the child sends is untrusted: the parent validates it with these schemas, and a frame that
 * does not parse, is too large, or answers no outstanding request is an `error` of the plugin.
 */
export const MAX_FRAME_BYTES = 16 * 1024 * 1024;

/** What the child is given of a fixture. */
export type ScenarioInputs = Pick<ScenarioFixture, 'config' | 'env' | 'log' | 'actions'>;

export function inputsOf(fixture: ScenarioInputs): ScenarioInputs {
  return { config: fixture.config, env: fixture.env, log: fixture.log, actions: fixture.actions };
}

export interface LoadRequest {
  type: 'load';
  id: string;
  /** A bundled reference (`reference:<source>`), or a user plugin the parent resolved. */
  plugin: { pluginArg: string; source?: (typeof SOURCES)[number] | 'contributor' } | ResolvedPlugin;
  revision: (typeof SPEC_REVISIONS)[number];
}
export interface ExecuteRequest {
  type: 'execute';
  id: string;
  inputs: ScenarioInputs;
  /**
   * For the contributor suite: build every instance (the load and each restart) from a fresh copy of
   * the plugin's module and record the pre-step trace (conformance/contributor/trace.ts).
   */
  traced?: boolean;
}
export interface ShellReply {
  type: 'shell-result';
  id: string;
  result: unknown;
}
export type ParentMessage = LoadRequest | ExecuteRequest | ShellReply;

const ErrorReport = z.object({ message: z.string().max(1 << 20), stack: z.string().max(1 << 20).optional() });

/** An operation the permission model refused (Node's `ERR_ACCESS_DENIED`: its permission and resource). */
export const Denial = z.object({ permission: z.string().max(256), resource: z.string().max(4096) });
export type Denial = z.infer<typeof Denial>;

/** The raw observations of one scenario (what `executeScenario` returns, minus the normalised log). */
export const RawObservations = z.object({
  outcomes: z.array(Outcome),
  rawLog: z.array(LogEvent),
  header: LogHeader,
  warnings: z.array(z.string()),
  observations: z.record(z.string(), z.unknown()),
  /** Services the plugin looked up (get or inject), with whether the host offers them. */
  lookups: z.array(z.object({ name: z.string().max(4096), via: z.enum(['get', 'inject']), offered: z.array(z.string().max(4096)).max(1000) }).strict()).max(1000).optional(),
});
export type RawObservations = z.infer<typeof RawObservations>;

/**
 * The contributor suite's pre-step trace, as the plugin's process reports it. Judged in the parent
 * like the log; its shape is checked loosely here and every judge over it is contained.
 */
const ExecutionTraceSchema = z.object({ preSteps: z.array(z.record(z.string(), z.unknown())).max(100_000), serviceCalls: z.record(z.string(), z.number()), missingServices: z.array(z.string().max(4096)).max(1000) }).strict();

export const ChildMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }).strict(),
  z.object({ type: z.literal('loaded'), id: z.string(), label: z.string().max(4096), source: z.enum([...SOURCES, 'contributor']), shape: z.enum(['namespace', 'service']), name: z.string().max(4096).optional(), warnings: z.array(z.string().max(1 << 16)).max(100) }).strict(),
  z.object({ type: z.literal('load-failed'), id: z.string(), error: ErrorReport }).strict(),
  z.object({ type: z.literal('executed'), id: z.string(), actual: RawObservations, trace: ExecutionTraceSchema.optional(), denied: z.array(Denial).max(100) }).strict(),
  /** `kitFailure`: the kit's own code failed (not testable), not the plugin (spec/verdicts.md). */
  z.object({ type: z.literal('execute-failed'), id: z.string(), error: ErrorReport, denied: z.array(Denial).max(100), kitFailure: z.boolean().optional() }).strict(),
  z
    .object({ type: z.literal('shell'), id: z.string(), command: z.string().max(1 << 20), env: z.record(z.string(), z.string()) })
    .strict()
    .describe('a stub-mode shell run the parent performs on the child\'s behalf'),
]);
export type ChildMessage = z.infer<typeof ChildMessage>;

/** Splits a byte stream into frames; reports a frame over the limit instead of buffering it. */
export class FrameReader {
  private pending: Buffer[] = [];
  private size = 0;

  constructor(
    private readonly onFrame: (text: string) => void,
    private readonly onOversize: (bytes: number) => void,
    private readonly limit = MAX_FRAME_BYTES,
  ) {}

  push(chunk: Buffer): void {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      if (nl === -1) break;
      const part = chunk.subarray(start, nl);
      if (this.size + part.length > this.limit) return this.oversize(this.size + part.length);
      this.pending.push(part);
      const text = Buffer.concat(this.pending).toString('utf8');
      this.pending = [];
      this.size = 0;
      this.onFrame(text);
      start = nl + 1;
    }
    const rest = chunk.subarray(start);
    if (this.size + rest.length > this.limit) return this.oversize(this.size + rest.length);
    if (rest.length) {
      this.pending.push(Buffer.from(rest));
      this.size += rest.length;
    }
  }

  private oversize(bytes: number): void {
    this.pending = [];
    this.size = 0;
    this.onOversize(bytes);
  }
}
