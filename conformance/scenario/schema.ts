import { z } from 'zod';
import { SOURCES, SPEC_REVISIONS } from '../../spec/revisions.js';

/**
 * The conformance suite's data format. Two kinds of fixture:
 *
 * - **scenario fixtures** put a plugin under test: an environment, an initial durable log, a list of
 *   actions the simulated host performs (set the clock, prompt, pre-step with a downstream decision,
 *   tool results, file edits, compaction, restart, tmux changes, ...) and the expected outcome (the
 *   outcome of every pre-step/restart, the exact final durable log with ids normalised, warnings, and
 *   service observations such as the shell commands run).
 * - **log fixtures** put a validator under test: a log and the exact multiset of located findings
 *   (`{rule, seq}` or `{rule, line}`) it must produce.
 *
 * On disk a fixture is a directory `conformance/fixtures/<source>/<category>/<id>/` holding
 * `fixture.json` (this schema, with logs replaced by file names) and `.jsonl` files. The `id` is a
 * hash of the fixture's normalised content, so any change to a fixture changes its id.
 *
 * ## Environment adapters (for source engineers)
 * Source-specific environment lives in `env.<section>` and source-specific actions in
 * `{do:'env', section, change}`; both are opaque here (`z.unknown()`) and validated by the adapter
 * that owns the section. An adapter module `conformance/host/services/<file>.ts` exports
 * `createAdapter(section: unknown, context): ServiceAdapter` (see `./adapter.ts`); sections are registered in
 * `./adapters.ts`: `tmux` → shell.ts, `workspace` → fs.ts, `sessions` → session-query.ts.
 */

export const FIXTURE_FORMAT_VERSION = 1;

export const Category = z.enum([
  'compaction',
  'clock-regression',
  'mixed-time-zones',
  'self-reference',
  'forged-sources',
  'interval-scheduling',
  'restart',
  'ordering',
  'config',
  'failure-containment',
  'escaping',
  'budget',
  // Further groupings used by the suite beyond the mission's list.
  'format',
  'discovery',
  'dynamic',
  'parsing',
  'log-structure',
  'surface',
]);
export type Category = z.infer<typeof Category>;

export const FixtureSource = z.enum([...SOURCES, 'log']);
export const SpecRevisionSchema = z.enum(SPEC_REVISIONS);

const JsonObject = z.record(z.string(), z.unknown());

/** A durable event as it appears in a fixture log (the envelope; rules judge its content). */
export const LogEvent = z.looseObject({
  type: z.string(),
  seq: z.number().int(),
  time: z.number(),
  data: z.unknown(),
});

export const LogHeader = z.looseObject({
  type: z.literal('session'),
  version: z.number(),
  id: z.string(),
  createdAt: z.number(),
  delegationDepth: z.number(),
});

/** A user message the host creates (a prompt, a downstream contribution). */
export const UserMessageSpec = z.object({
  text: z.string().optional().describe('shorthand for content [{type:"text", text}]'),
  content: z.array(JsonObject).optional(),
  source: JsonObject.optional().describe('default {kind:"user"}'),
  id: z.string().optional().describe('fixed id; default a fresh UUID'),
});

export const Downstream = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('default') }),
  z.object({ kind: z.literal('enter'), add: z.array(UserMessageSpec).optional(), replaceClaimed: z.array(UserMessageSpec).optional() }),
  z.object({ kind: z.literal('reject') }),
  z.object({ kind: z.literal('throw'), message: z.string() }),
  z.object({ kind: z.literal('abort') }),
]);

export const ToolCallSpec = z.object({
  name: z.string(),
  arguments: JsonObject,
  callId: z.string().optional(),
  result: z.string().optional(),
  isError: z.boolean().optional(),
  aborted: z.boolean().optional(),
  agentless: z.boolean().optional().describe('deliver tools/result without exec.agent'),
  abortAfterResult: z.boolean().optional().describe("abort the tool's signal right after tools/result was delivered"),
  additionalContexts: z.array(UserMessageSpec).optional().describe('contexts another listener attached to the result; appended after tool/result'),
  /** Nested executions of a composite tool: their tools/result name this call as `exec.parent`. */
  get children() {
    return z.array(ToolCallSpec).optional();
  },
});

/**
 * Arguments of surface calls are JSON, plus host values by placeholder: `{"$host":"agent"}` (the
 * active agent), `{"$host":"signal"}` (the call's AbortSignal, see `abortBefore`/`abortWhenStalled`),
 * `{"$host":"service","name":"fs"}` (a host service, e.g. a library call's file-system provider).
 */
const CallArgs = z.array(z.unknown()).default([]);
const CallAbort = {
  abortBefore: z.boolean().optional().describe('the call\'s signal is aborted before the call'),
  abortWhenStalled: z.boolean().optional().describe('abort the call\'s signal if it is still pending once all queued work has run'),
};

export const InboxChange = z.discriminatedUnion('op', [
  z.object({ op: z.literal('push'), lane: z.enum(['next-turn', 'next-step']).default('next-step'), message: UserMessageSpec }).describe('another producer appends to the inbox'),
  z.object({ op: z.literal('fail'), method: z.enum(['prepend', 'replace', 'remove']), message: z.string() }).describe('the next call of that inbox method throws'),
  z.object({ op: z.literal('observe') }).describe('record the waiting messages of both lanes as an observation'),
]);

export const Action = z.discriminatedUnion('do', [
  z.object({ do: z.literal('clock'), set: z.number().int().optional(), advance: z.number().int().optional() }).describe('set or advance the virtual clock (may go backwards)'),
  z.object({ do: z.literal('tz'), tz: z.string().nullable() }).describe('change the process time zone (after load)'),
  z.object({ do: z.literal('prompt'), message: UserMessageSpec, lane: z.enum(['next-turn', 'next-step']).default('next-turn') }),
  z.object({ do: z.literal('pre-step'), downstream: Downstream.optional(), abortBefore: z.boolean().optional(), abortWhenStalled: z.boolean().optional().describe('abort the signal if the pre-step is still pending once all queued work has run (a hanging read)') }).describe('run one agent/pre-step (opens a turn if none is open)'),
  z.object({ do: z.literal('request') }).describe('write request/header for the open step'),
  z.object({ do: z.literal('assistant'), text: z.string().optional(), toolCalls: z.array(ToolCallSpec).optional() }),
  z.object({ do: z.literal('step-end') }),
  z.object({ do: z.literal('turn-end'), reason: JsonObject.optional() }),
  z.object({ do: z.literal('compact'), keepLast: z.number().int().min(0).optional(), summary: z.string().optional() }),
  z.object({ do: z.literal('restart'), config: JsonObject.optional().describe('restart with this plugin config instead') }).describe('drop the plugin instance and load a new one over the same durable log'),
  z.object({ do: z.literal('tool-result'), call: ToolCallSpec }).describe('a tool execution outside any step (no durable events): only tools/result is delivered'),
  z.object({ do: z.literal('settle') }).describe('let asynchronous plugin work finish'),
  z.object({ do: z.literal('append'), event: z.object({ type: z.string(), data: z.unknown(), surfaceOp: z.unknown().optional(), sourceEventSeqs: z.array(z.number().int()).optional() }) }).describe('another producer appends a durable event'),
  z.object({ do: z.literal('env'), section: z.string(), change: z.unknown() }).describe('change the environment of a service adapter (files, tmux state, other sessions)'),
  z
    .object({ do: z.literal('service'), name: z.string(), method: z.string(), remote: z.boolean().optional().describe('a Remote method: call its implementation remoteExport<Method>'), args: CallArgs, ...CallAbort })
    .describe('call a method of a service the plugin provides (or the host offers); the result or error is an observation (expect.observations.calls)'),
  z.object({ do: z.literal('library'), export: z.string(), args: CallArgs, ...CallAbort }).describe("call one of the plugin module's documented exports; the result or error is an observation"),
  z.object({ do: z.literal('provides') }).describe('record the service names the plugin instance provided (ctx.reflect.provide) as an observation'),
  z.object({ do: z.literal('use'), agent: z.string() }).describe('act on another agent (env.agents) from now on: its own session, inbox and turns'),
  z.object({ do: z.literal('inbox'), change: InboxChange }).describe("the active agent's inbox: another producer, a fault, an observation"),
]);
export type Action = z.infer<typeof Action>;

export const ErrorOutcome = z.object({ name: z.string(), message: z.string(), code: z.string().optional() });

/** What one outcome-producing action (pre-step, restart) did. */
export const Outcome = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('enter'), turn: z.number().int(), step: z.number().int(), appended: z.number().int() }),
  z.object({ kind: z.literal('completed-empty'), turn: z.number().int(), step: z.number().int() }),
  z.object({ kind: z.literal('reject'), turn: z.number().int(), step: z.number().int() }),
  z.object({ kind: z.literal('error'), turn: z.number().int(), step: z.number().int(), error: ErrorOutcome }),
  z.object({ kind: z.literal('loaded') }),
  z.object({ kind: z.literal('load-error'), error: ErrorOutcome }),
]);
export type Outcome = z.infer<typeof Outcome>;

export const ScenarioEnv = z.object({
  clock: z.number().int().describe('virtual clock at start (epoch ms)'),
  tz: z.string().nullable().default('UTC').describe('process TZ before the plugin loads (null: unset)'),
  header: LogHeader.describe('the session header; header.cwd is the agent cwd'),
  agentId: z.string().optional().describe('agent id; default header.id'),
  agents: z.array(z.object({ id: z.string(), header: LogHeader })).optional().describe('further agents, each with its own (initially empty) session; their final logs are observations.agents'),
  tmux: z.unknown().optional(),
  workspace: z.unknown().optional(),
  sessions: z.unknown().optional(),
});

export const ScenarioExpect = z.object({
  outcomes: z.array(Outcome).describe('one per load, pre-step and restart, in order'),
  log: z.array(LogEvent).describe('the final durable log, ids normalised (see normalise.ts)'),
  warnings: z.array(z.string()).default([]),
  observations: z.record(z.string(), z.unknown()).default({}).describe('per adapter section, e.g. {tmux:{commands:3}}; `calls`: the surface actions\' results in order; `agents`: the other agents\' final logs'),
});

export const ScenarioFixture = z.object({
  format: z.literal(FIXTURE_FORMAT_VERSION),
  kind: z.literal('scenario'),
  id: z.string(),
  source: z.enum(SOURCES),
  category: Category,
  title: z.string(),
  rules: z.array(z.string()).describe('spec rule ids this fixture exercises'),
  revisions: z.tuple([SpecRevisionSchema], SpecRevisionSchema).describe('revisions the expectation holds for (named `spec` up to 0.1.0; the id hashes it under that name)'),
  config: JsonObject.optional().describe('plugin config, passed through the plugin\'s own Config'),
  env: ScenarioEnv,
  log: z.array(LogEvent).default([]).describe('the initial durable log'),
  actions: z.array(Action),
  expect: ScenarioExpect,
  provenance: z.object({ generator: z.string(), seed: z.number().int().optional(), upstream: z.string().optional() }).optional(),
});
export type ScenarioFixture = z.infer<typeof ScenarioFixture>;
export type ScenarioFixtureInput = z.input<typeof ScenarioFixture>;

/**
 * One expected finding of a log fixture, located like typescript-eslint RuleTester's
 * `{messageId, line}`: by the seq of the event it is about, or (when it names no event, e.g. a
 * malformed line or the header) by its 1-based line; `line: null` is a finding about the file as a
 * whole. The right rule at the wrong place is a difference.
 */
export const ExpectedFinding = z.union([
  z.object({ rule: z.string(), seq: z.number().int().min(0) }).strict(),
  z.object({ rule: z.string(), line: z.number().int().min(1).nullable() }).strict(),
]);
export type ExpectedFinding = z.infer<typeof ExpectedFinding>;

export const LogFixture = z.object({
  format: z.literal(FIXTURE_FORMAT_VERSION),
  kind: z.literal('log'),
  id: z.string(),
  source: FixtureSource,
  category: Category,
  title: z.string(),
  rules: z.array(z.string()),
  revisions: z.tuple([SpecRevisionSchema], SpecRevisionSchema).describe('revisions the findings hold for (named `spec` up to 0.1.0; the id hashes it under that name)'),
  config: z.record(z.string(), JsonObject).optional().describe('known source configs (KnownConfigs)'),
  header: JsonObject.describe('the header line (may be deliberately invalid)'),
  log: z.array(z.unknown()).describe('lines after the header (objects; {"$rawLine": text} for a deliberately malformed line)'),
  tornTail: z.boolean().optional().describe('the file ends without a final newline (a live or crashed writer)'),
  zstd: z.string().optional().describe('base64 of a .jsonl.zstd file; when set it is the log (header and log then describe its intended content)'),
  expect: z.object({
    findings: z.array(ExpectedFinding).describe('exact multiset of located findings with severity error or warning, sorted by rule then place'),
    info: z.array(ExpectedFinding).optional().describe('when present, the exact multiset of located info findings, sorted'),
  }),
  provenance: z.object({ generator: z.string(), seed: z.number().int().optional() }).optional(),
});
export type LogFixture = z.infer<typeof LogFixture>;

export const Fixture = z.discriminatedUnion('kind', [ScenarioFixture, LogFixture]);
export type Fixture = z.infer<typeof Fixture>;
