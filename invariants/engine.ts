import type { SourceName, SpecRevision } from '../spec/revisions.js';
import { DEFAULT_SPEC } from '../spec/revisions.js';
import type { Finding, Severity } from './findings.js';
import type { KnownConfigs } from './rules/configs.js';
import type { RuleMeta } from './rule-meta.js';
import type { EventLocation, LocatedEvent, SessionHeader } from './log/types.js';
import { SessionModel } from './model/session-model.js';

/**
 * The rule engine: one pass over a log, every rule module sees every event once.
 *
 * A rule module owns a group of related rule ids (e.g. all time-context rules) and keeps whatever
 * per-log state it needs in the closure returned by `create`. The engine owns the shared
 * {@link SessionModel}; rules see it *before* the event under inspection is applied (the pre-commit
 * view), then `onAfterEvent` (optional) sees it after. The same engine judges production logs
 * (`check`) and the logs a plugin under test produced (the conformance runner).
 */

/** What a rule says about itself (rule-meta.ts: below the engine, so the log reader can declare its rules). */
export type { RuleMeta } from './rule-meta.js';

/** Source configs a validator may be told about (`check --config`, or a fixture's config); one schema
 * per source in the registry's config table (rules/configs.ts). */
export type { KnownConfigs } from './rules/configs.js';

export interface CheckOptions {
  spec: SpecRevision;
  configs: KnownConfigs;
  /** How far a reading may appear to have been sampled before already-durable events (ms). */
  maxClockSkewMs: number;
}

export const defaultCheckOptions = (): CheckOptions => ({ spec: DEFAULT_SPEC, configs: {}, maxClockSkewMs: 60_000 });

export interface ReportInput {
  message: string;
  /** The event the finding is about (its location and seq go into the finding). */
  event?: LocatedEvent;
  /** A location without an event (e.g. the header). */
  loc?: EventLocation;
  /** Other events that prove it; the finding's own seq is always included first. */
  witness?: number[];
  severity?: Severity;
}

export interface RuleContext {
  readonly file: string;
  readonly options: CheckOptions;
  report(rule: string, input: ReportInput): void;
}

export interface RuleVisitor {
  /**
   * The event types `onEvent` / `onAfterEvent` care about. When given, the engine calls them only for
   * events whose `type` is in the set (an event whose type is anything else, or not a string, skips
   * this visitor); when omitted, for every event. Declaring it is what lets the bulk of a log, the
   * streamed `assistant/chunk` events, bypass modules that judge a handful of event types. A visitor
   * may only declare it if it does nothing at all for the other types.
   */
  eventTypes?: ReadonlySet<string>;
  /** The same for `onAfterEvent` alone (defaults to `eventTypes`): a visitor may judge every event
   * before it is applied but only need a few types afterwards. */
  afterEventTypes?: ReadonlySet<string>;
  onHeader?(header: SessionHeader, loc: EventLocation, model: SessionModel): void;
  /** Called before the model applies `ev`. */
  onEvent?(ev: LocatedEvent, model: SessionModel): void;
  /** Called after the model applied `ev`. */
  onAfterEvent?(ev: LocatedEvent, model: SessionModel): void;
  onEnd?(model: SessionModel): void;
}

export interface RuleModule {
  /** Module name, e.g. `core/envelope` or `time-context`. */
  name: string;
  /** Which source the module belongs to, or `log` for the core rules. */
  source: SourceName | 'log';
  rules: Record<string, RuleMeta>;
  create(ctx: RuleContext): RuleVisitor;
}

/** A registry of every rule id the kit knows, across modules (ids are unique; a test enforces it). */
export function ruleIndex(modules: readonly RuleModule[]): Map<string, RuleMeta & { module: string; source: RuleModule['source'] }> {
  const out = new Map<string, RuleMeta & { module: string; source: RuleModule['source'] }>();
  for (const m of modules) {
    for (const [id, meta] of Object.entries(m.rules)) {
      if (out.has(id)) throw new Error(`rule id ${id} is defined by both ${out.get(id)!.module} and ${m.name}`);
      out.set(id, { ...meta, module: m.name, source: m.source });
    }
  }
  return out;
}

export function specRefFor(id: string, meta: RuleMeta): string {
  return `${meta.doc}#${id.toLowerCase()}`;
}

/** The visitors that see one event type, in module order (so findings keep their order). */
interface Dispatch {
  before: RuleVisitor[];
  after: RuleVisitor[];
}

/** Event types whose dispatch lists are cached; beyond this (a garbage log) they are built per event. */
const MAX_CACHED_TYPES = 256;

/**
 * A checker for one log file. Feed it the header and events in order, then call `end()`.
 */
export class LogChecker {
  readonly model = new SessionModel();
  private readonly findings: Finding[] = [];
  private readonly visitors: RuleVisitor[];
  private readonly metas = new Map<string, RuleMeta>();
  /** Per event type, built on first sight: the visitors whose onEvent / onAfterEvent it reaches. */
  private readonly dispatch = new Map<string, Dispatch>();
  private lastType: string | null = null;
  private lastPlan: Dispatch | null = null;

  constructor(
    readonly file: string,
    modules: readonly RuleModule[],
    readonly options: CheckOptions = defaultCheckOptions(),
  ) {
    const active = modules;
    for (const m of active) for (const [id, meta] of Object.entries(m.rules)) this.metas.set(id, meta);
    const ctx: RuleContext = {
      file,
      options,
      report: (rule, input) => this.report(rule, input),
    };
    this.visitors = active.map((m) => m.create(ctx));
  }

  report(rule: string, input: ReportInput): void {
    const meta = this.metas.get(rule);
    if (!meta) throw new Error(`internal: rule ${rule} reported but not declared by any module`);
    if (meta.revisions && !meta.revisions.includes(this.options.spec)) return;
    const loc = input.event?.loc ?? input.loc ?? null;
    const seq = input.event ? input.event.event.seq : null;
    const witness = [...(seq !== null ? [seq] : []), ...(input.witness ?? []).filter((s) => s !== seq)];
    this.findings.push({
      rule,
      severity: input.severity ?? meta.severity,
      file: loc?.file ?? this.file,
      line: loc?.line ?? null,
      byteOffset: loc?.byteOffset ?? null,
      seq,
      witness,
      message: input.message,
      specRef: specRefFor(rule, meta),
    });
  }

  header(header: SessionHeader, loc: EventLocation): void {
    this.model.setHeader(header);
    for (const v of this.visitors) v.onHeader?.(header, loc, this.model);
  }

  event(ev: LocatedEvent): void {
    const type = ev.event.type;
    // Events come in runs of one type (a packed row's chunks): reuse the previous plan without a lookup.
    let d = this.lastPlan;
    if (type !== this.lastType || d === null) {
      d = typeof type === 'string' ? (this.dispatch.get(type) ?? this.planFor(type)) : this.planFor(type);
      this.lastType = typeof type === 'string' ? type : null;
      this.lastPlan = typeof type === 'string' ? d : null;
    }
    const model = this.model;
    const before = d.before;
    for (let i = 0; i < before.length; i++) before[i].onEvent!(ev, model);
    model.apply(ev.event);
    const after = d.after;
    for (let i = 0; i < after.length; i++) after[i].onAfterEvent!(ev, model);
  }

  private planFor(type: unknown): Dispatch {
    const wants = (types: ReadonlySet<string> | undefined): boolean => types === undefined || (typeof type === 'string' && types.has(type));
    const plan: Dispatch = {
      before: this.visitors.filter((v) => v.onEvent !== undefined && wants(v.eventTypes)),
      after: this.visitors.filter((v) => v.onAfterEvent !== undefined && wants(v.afterEventTypes ?? v.eventTypes)),
    };
    if (typeof type === 'string' && this.dispatch.size < MAX_CACHED_TYPES) this.dispatch.set(type, plan);
    return plan;
  }

  /** Findings reported by the reader (not by a rule module) go through here. */
  external(finding: Finding): void {
    this.findings.push(finding);
  }

  end(): Finding[] {
    for (const v of this.visitors) v.onEnd?.(this.model);
    return this.findings;
  }
}
