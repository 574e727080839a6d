import type { SourceName, SpecRevision } from '../spec/revisions.js';
import { DEFAULT_REVISION } from '../spec/revisions.js';
import { engineMessages, engineRules } from './engine-rules.js';
import type { Finding, Severity } from './findings.js';
import { catalogOf, type DataOf, type MessageCatalog, type MessageData, type RuleMessages } from './message-templates.js';
import { findingMessage } from './messages.js';
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
  revision: SpecRevision;
  configs: KnownConfigs;
  /** How far a reading may appear to have been sampled before already-durable events (ms). */
  maxClockSkewMs: number;
  /**
   * Findings kept per rule id and file; later ones are only counted (`suppressed`). This is what bounds
   * a hostile log's report: a million `{}` lines give four findings each, but only this many of each
   * rule are kept. `Infinity` keeps all.
   */
  maxFindingsPerRule: number;
}

/** Default per-rule, per-file cap: enough to see a pattern, small enough for any reporter. */
export const DEFAULT_MAX_FINDINGS_PER_RULE = 100;

export const defaultCheckOptions = (): CheckOptions => ({ revision: DEFAULT_REVISION, configs: {}, maxClockSkewMs: 60_000, maxFindingsPerRule: DEFAULT_MAX_FINDINGS_PER_RULE });

/**
 * What a rule reports: which of its message templates (`messageId`) and the facts it fills in
 * (`data`, JSON); the engine renders the words. No prose at a report site.
 */
export interface ReportInput<Id extends string = string, D = MessageData> {
  messageId: Id;
  data: D;
  /** The event the finding is about (its location and seq go into the finding). */
  event?: LocatedEvent;
  /** A location without an event (e.g. the header). */
  loc?: EventLocation;
  /** Other events that prove it; the finding's own seq is always included first. */
  witness?: number[];
  severity?: Severity;
}

/**
 * What a rule module sees. Typed by the module's templates (`RuleModule<typeof messages>`): a rule id,
 * message id or data shape the module did not declare does not compile.
 */
export interface RuleContext<M extends RuleMessages = RuleMessages> {
  readonly file: string;
  readonly options: CheckOptions;
  report<R extends keyof M & string, K extends keyof M[R] & string>(rule: R, input: ReportInput<K, DataOf<M[R][K]>>): void;
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

export interface RuleModule<M extends RuleMessages = RuleMessages> {
  /** Module name, e.g. `core/envelope` or `time-context`. */
  name: string;
  /** Which source the module belongs to, `log` for the core rules, `contributor` for the CTX-* rules every plugin shares. */
  source: SourceName | 'log' | 'contributor';
  rules: Record<string, RuleMeta>;
  /** Per rule id, its message templates (`defineMessages`, message-templates.ts): the words of its findings. */
  messages: M;
  create(ctx: RuleContext<M>): RuleVisitor;
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

/** Severity totals of a file, counting suppressed findings too (so verdicts never depend on the cap). */
export type SeverityCounts = Record<Severity, number>;

/**
 * A checker for one log file. Feed it the header and events in order, then call `end()`.
 *
 * Every call into a rule module (and the model's `apply`) is contained: an exception becomes a
 * `LOG-CHECK-1` error finding at the event's line and seq naming the module and what failed, and the
 * next event is judged as usual. Findings are capped per rule id ({@link CheckOptions.maxFindingsPerRule});
 * the rest are counted in `suppressed` and in the severity totals.
 */
export class LogChecker {
  readonly model = new SessionModel();
  private readonly findings: Finding[] = [];
  private readonly visitors: RuleVisitor[];
  private readonly moduleOf = new Map<RuleVisitor, string>();
  private readonly metas = new Map<string, RuleMeta>(Object.entries(engineRules));
  /** The templates of the modules it runs (and the engine's own), so a module the kit does not ship renders too. */
  private readonly catalog: MessageCatalog;
  /** Per event type, built on first sight: the visitors whose onEvent / onAfterEvent it reaches. */
  private readonly dispatch = new Map<string, Dispatch>();
  private lastType: string | null = null;
  private lastPlan: Dispatch | null = null;
  private readonly perRule = new Map<string, number>();
  /** Findings counted but not kept, per rule id. */
  readonly suppressed: Record<string, number> = {};
  readonly counts: SeverityCounts = { error: 0, warning: 0, info: 0 };
  private readonly cap: number;

  constructor(
    readonly file: string,
    modules: readonly RuleModule[],
    readonly options: CheckOptions = defaultCheckOptions(),
  ) {
    this.cap = options.maxFindingsPerRule ?? DEFAULT_MAX_FINDINGS_PER_RULE;
    for (const m of modules) for (const [id, meta] of Object.entries(m.rules)) this.metas.set(id, meta);
    this.catalog = catalogOf([engineMessages, ...modules.map((m) => m.messages)]);
    const ctx: RuleContext = {
      file,
      options,
      report: (rule, input) => this.report(rule, input as ReportInput),
    };
    this.visitors = [];
    for (const m of modules) {
      let visitor: RuleVisitor;
      try {
        visitor = m.create(ctx);
      } catch (error) {
        // A module that cannot even start judges nothing in this file; say so once.
        this.crashed(m.name, 'create', null, null, error);
        continue;
      }
      this.visitors.push(visitor);
      this.moduleOf.set(visitor, m.name);
    }
  }

  report(rule: string, input: ReportInput): void {
    const meta = this.metas.get(rule);
    if (!meta) throw new Error(`internal: rule ${rule} reported but not declared by any module`);
    if (meta.revisions && !meta.revisions.includes(this.options.revision)) return;
    const severity = input.severity ?? meta.severity;
    if (!this.admit(rule, severity)) return;
    const loc = input.event?.loc ?? input.loc ?? null;
    const seq = input.event ? input.event.event.seq : null;
    const witness = [...(seq !== null ? [seq] : []), ...(input.witness ?? []).filter((s) => s !== seq)];
    this.findings.push({
      rule,
      severity,
      file: loc?.file ?? this.file,
      line: loc?.line ?? null,
      byteOffset: loc?.byteOffset ?? null,
      seq,
      witness,
      ...findingMessage(rule, input.messageId, input.data, this.catalog),
      specRef: specRefFor(rule, meta),
    });
  }

  /** Count a finding; true when it is still under its rule's cap and should be kept. */
  private admit(rule: string, severity: Severity): boolean {
    this.counts[severity]++;
    const n = (this.perRule.get(rule) ?? 0) + 1;
    this.perRule.set(rule, n);
    if (n <= this.cap) return true;
    this.suppressed[rule] = (this.suppressed[rule] ?? 0) + 1;
    return false;
  }

  /** A rule module (or the model) threw: one LOG-CHECK-1 finding, then carry on. */
  private crashed(module: string, hook: string, ev: LocatedEvent | null, loc: EventLocation | null, error: unknown): void {
    const data: DataOf<(typeof engineMessages)['LOG-CHECK-1']['moduleFailed']> = { module, hook, eventType: ev ? typeLabel(ev.event?.type) : null, error: describeError(error) };
    if (ev) this.report('LOG-CHECK-1', { event: ev, messageId: 'moduleFailed', data });
    else this.report('LOG-CHECK-1', { loc: loc ?? undefined, messageId: 'moduleFailed', data });
  }

  header(header: SessionHeader, loc: EventLocation): void {
    try {
      this.model.setHeader(header);
    } catch (error) {
      this.crashed('session model', 'onHeader', null, loc, error);
    }
    for (const v of this.visitors) {
      if (!v.onHeader) continue;
      try {
        v.onHeader(header, loc, this.model);
      } catch (error) {
        this.crashed(this.moduleOf.get(v)!, 'onHeader', null, loc, error);
      }
    }
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
    for (let i = 0; i < before.length; i++) {
      try {
        before[i].onEvent!(ev, model);
      } catch (error) {
        this.crashed(this.moduleOf.get(before[i])!, 'onEvent', ev, null, error);
      }
    }
    try {
      model.apply(ev.event);
    } catch (error) {
      this.crashed('session model', 'apply', ev, null, error);
    }
    const after = d.after;
    for (let i = 0; i < after.length; i++) {
      try {
        after[i].onAfterEvent!(ev, model);
      } catch (error) {
        this.crashed(this.moduleOf.get(after[i])!, 'onAfterEvent', ev, null, error);
      }
    }
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

  /** Findings reported by the reader (not by a rule module) go through here, under the same cap. */
  external(finding: Finding): void {
    if (this.admit(finding.rule, finding.severity)) this.findings.push(finding);
  }

  end(): Finding[] {
    for (const v of this.visitors) {
      if (!v.onEnd) continue;
      try {
        v.onEnd(this.model);
      } catch (error) {
        this.crashed(this.moduleOf.get(v)!, 'onEnd', null, null, error);
      }
    }
    return this.findings;
  }
}

/** What an exception says, in one bounded line that never throws itself. */
function describeError(error: unknown): string {
  let text: string;
  try {
    text = error instanceof Error ? `${error.name}: ${error.message}` : `thrown ${typeof error}`;
  } catch {
    text = 'an unprintable exception';
  }
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** An event type for a message: a string (bounded), or what kind of value it was. */
function typeLabel(type: unknown): string {
  if (typeof type === 'string') return JSON.stringify(type.length > 60 ? `${type.slice(0, 59)}…` : type);
  return Array.isArray(type) ? 'an array' : type === null ? 'null' : `a ${typeof type}`;
}
