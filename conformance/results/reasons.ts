import { z } from 'zod';
import { Outcome } from '../scenario/schema.js';

/**
 * Why a verdict is what it is, as data: a `code` from a closed set and the typed, JSON-serialisable
 * `data` that code carries. The words are not here: `messages.ts` renders every code, in one place,
 * and a result's `message` is that rendering. Consumers of the JSON report can switch on `code` and
 * read `data` instead of parsing prose (spec/verdicts.md, spec/reports.md).
 *
 * The codes follow the places verdicts are made: judging a scenario (`conformance/scenario/compare.ts`),
 * the invariant rules over the plugin's log (`runner/judge-fixture.ts`), the isolated runner
 * (`runner/isolated-plugin.ts`, `runner/run-suite.ts`) and the contributor-pattern suite
 * (`contributor/cli.ts`).
 */

/** An operation the permission model refused (Node's `ERR_ACCESS_DENIED`). */
const Denied = z.object({ permission: z.string(), resource: z.string() });

/** A log event as a message names it: `seq 5 user/message source plugin/x "text"`. */
export const EventSummary = z.object({
  seq: z.number().optional(),
  type: z.string().optional(),
  source: z.object({ kind: z.string().optional(), plugin: z.string().optional() }).optional(),
  /** The text of the event's first content block, when it has one (in full; the message shortens it). */
  text: z.string().optional(),
});
export type EventSummary = z.infer<typeof EventSummary>;

/** The first differing line of two texts; `null` where one text has no such line. */
const TextLineDifference = z.object({ line: z.number().int(), expected: z.string().nullable(), actual: z.string().nullable() });

/** An outcome in a reason; `null`: no such outcome (the course ended earlier). Published once, as a `$defs` entry. */
const ReasonOutcome = Outcome.nullable().meta({ id: 'ReasonOutcome' });

const reason = <C extends string, D extends z.ZodType>(code: C, data: D) => z.object({ code: z.literal(code), data }).strict();

// ---- judging a scenario (compare.ts) and the plugin's log (judge-fixture.ts)

const Ok = reason('ok', z.object({}).strict());
const OutcomeMismatch = reason(
  'outcome-mismatch',
  z.object({
    /** 1-based, in the order of the outcome-producing actions (load, pre-steps, restarts). */
    action: z.number().int(),
    expected: ReasonOutcome,
    actual: ReasonOutcome,
  }),
);
const LogDifference = reason(
  'log-difference',
  z.object({
    /** Path of the first difference, e.g. `log[5].data.content[0].text`. */
    path: z.string(),
    /** `extra`: the plugin's log has an event the expectation does not; `missing`: the other way; `changed`: the event differs. */
    change: z.enum(['extra', 'missing', 'changed']),
    /** The extra or missing event, or the expected event that changed. */
    event: EventSummary,
    /** For `changed`: where in the event (`data.content[0].text`; empty for the event as a whole). */
    at: z.string().optional(),
    /** When the difference is between two texts: their first differing line. */
    text: TextLineDifference.optional(),
  }),
);
const WarningsDifference = reason('warnings-difference', z.object({ expected: z.array(z.string()), actual: z.array(z.string()) }));
const ObservationsDifference = reason('observations-difference', z.object({ section: z.string(), path: z.string(), expected: z.unknown(), actual: z.unknown() }));
const InvariantViolation = reason(
  'invariant-violation',
  z.object({
    /** Every error-severity violation in the events the plugin's run added, in order (at least one). */
    violations: z.array(z.object({ rule: z.string(), seq: z.number().int().nullable() })),
    /** The first violation's finding, in the rule's words. */
    finding: z.string(),
  }),
);

/** What judging one execution against its fixture can find. */
export const JudgementReason = z.discriminatedUnion('code', [Ok, OutcomeMismatch, LogDifference, WarningsDifference, ObservationsDifference, InvariantViolation]).meta({ id: 'JudgementReason' });
export type JudgementReason = z.infer<typeof JudgementReason>;

// ---- the isolated runner (isolated-plugin.ts)

const Timeout = reason('timeout', z.object({ during: z.enum(['startup', 'load', 'scenario']), timeoutMs: z.number() }));
const Crash = reason(
  'crash',
  z.discriminatedUnion('how', [
    z.object({ how: z.literal('exit'), exitCode: z.number().int().nullable(), signal: z.string().nullable() }),
    z.object({ how: z.literal('memory'), limitMiB: z.number(), residentMiB: z.number() }),
    /** The plugin threw where no outcome is defined (the host contract is broken). */
    z.object({ how: z.literal('threw'), message: z.string(), stack: z.string().optional(), denied: z.array(Denied) }),
  ]),
);
const ProtocolViolation = reason(
  'protocol-violation',
  z.discriminatedUnion('violation', [
    z.object({ violation: z.literal('oversized'), bytes: z.number() }),
    z.object({ violation: z.literal('not-json'), excerpt: z.string() }),
    z.object({ violation: z.literal('malformed'), path: z.string().optional(), issue: z.string().optional() }),
    z.object({ violation: z.literal('unsolicited'), type: z.string(), outstanding: z.boolean() }),
    z.object({ violation: z.literal('shell-outside-scenario') }),
    z.object({ violation: z.literal('too-many-shell-commands'), limit: z.number().int() }),
    z.object({ violation: z.literal('unexpected-reply'), during: z.enum(['load', 'scenario']), reply: z.string() }),
  ]),
);
const LoadFailed = reason('load-failed', z.object({ message: z.string(), stack: z.string().optional() }));
const LoadChanged = reason('load-changed', z.object({ label: z.string(), source: z.string(), previousLabel: z.string(), previousSource: z.string() }));
/** The kit could not start or keep the plugin's process (its runtime is missing, Node could not be spawned, …). */
const KitFailure = reason(
  'kit-failure',
  z.discriminatedUnion('failure', [
    z.object({ failure: z.literal('runtime-missing'), path: z.string() }),
    z.object({ failure: z.literal('spawn'), message: z.string() }),
    z.object({ failure: z.literal('start'), message: z.string() }),
    z.object({ failure: z.literal('stopped') }),
  ]),
);
/** The kit itself failed while running a fixture (reported by the plugin's process). */
const NotTestable = reason('not-testable', z.object({ message: z.string(), stack: z.string().optional(), denied: z.array(Denied) }));

/** Why the plugin's process could not start, load, or finish a request. */
export const ProcessReason = z.discriminatedUnion('code', [Timeout, Crash, ProtocolViolation, LoadFailed, LoadChanged, KitFailure, NotTestable]).meta({ id: 'ProcessReason' });
export type ProcessReason = z.infer<typeof ProcessReason>;

// ---- the run (run-suite.ts)

const CannotLoad = reason('cannot-load', z.object({ plugin: z.string(), cause: ProcessReason }));
const ReloadFailed = reason('reload-failed', z.object({ cause: ProcessReason }));
/** Why one execution in the plugin's process gave no observations to judge. */
export const ExecutionReason = z.discriminatedUnion('code', [ProcessReason, ReloadFailed]).meta({ id: 'ExecutionReason' });
export type ExecutionReason = z.infer<typeof ExecutionReason>;
const SandboxDenied = reason('sandbox-denied', z.object({ denied: z.array(Denied), then: JudgementReason }));

// ---- the contributor-pattern suite (contributor/cli.ts)

const ContributorHolds = reason('contributor-holds', z.object({ runs: z.number().int() }));
const ContributorWaived = reason('contributor-waived', z.object({ where: z.string(), reason: z.string() }));
const ContributorNoted = reason('contributor-noted', z.object({ severity: z.string(), finding: z.string() }));
const ContributorViolation = reason(
  'contributor-violation',
  z.object({
    rule: z.string(),
    /** The finding and the minimal session that shows it, in the suite's words. */
    explanation: z.string(),
    /** How to replay the stored counterexample. */
    reproduce: z.object({ plugin: z.string(), fixtures: z.string() }).optional(),
    /** A replayed fixture's directory. */
    fixture: z.string().optional(),
  }),
);
const ContributorFixed = reason('contributor-fixed', z.object({ rules: z.array(z.string()), fixture: z.string() }));
const ContributorError = reason('contributor-error', z.object({ message: z.string(), fixture: z.string().optional() }));

// ---- the property run (property-run.ts): the plugin against the reference on generated sessions

const PropertyAgrees = reason('property-agrees', z.object({ runs: z.number().int() }));
const PropertyDiffers = reason(
  'property-differs',
  z.object({
    runs: z.number().int(),
    seed: z.number().int(),
    /** fast-check's replay path. */
    path: z.string(),
    shrinks: z.number().int(),
    /** The verdict on the shrunk session. */
    last: z
      .discriminatedUnion('status', [
        z.object({ status: z.literal('fail'), reason: JudgementReason }),
        z.object({ status: z.literal('error'), reason: ExecutionReason }),
      ])
      .optional(),
  }),
);
const PropertyNotRun = reason('property-not-run', z.object({ error: z.string() }));
const PropertyNoReference = reason('property-no-reference', z.object({}).strict());

/** Every reason a fixture or property result can carry. The nested unions and the outcome are published once each, as `$defs` entries. */
export const VerdictReason = z.discriminatedUnion('code', [
  JudgementReason,
  ProcessReason,
  CannotLoad,
  ReloadFailed,
  SandboxDenied,
  ContributorHolds,
  ContributorWaived,
  ContributorNoted,
  ContributorViolation,
  ContributorFixed,
  ContributorError,
  PropertyAgrees,
  PropertyDiffers,
  PropertyNotRun,
  PropertyNoReference,
]).meta({ id: 'VerdictReason' });
export type VerdictReason = z.infer<typeof VerdictReason>;
export type ReasonCode = VerdictReason['code'];
export type ReasonData<C extends ReasonCode> = Extract<VerdictReason, { code: C }>['data'];

/** Build a reason; the compiler checks the code is one of the set and the data is that code's. */
export const reasonOf = <C extends ReasonCode>(code: C, data: ReasonData<C>): Extract<VerdictReason, { code: C }> => ({ code, data }) as Extract<VerdictReason, { code: C }>;
