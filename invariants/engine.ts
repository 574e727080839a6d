import type { SourceName, SpecRevision } from '../spec/revisions.js';
import { DEFAULT_SPEC } from '../spec/revisions.js';
import type { Finding, Severity } from './findings.js';
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

export interface RuleMeta {
  /** Default severity. */
  severity: Severity;
  /** One line: what the rule is about. */
  title: string;
  /** The normative sentence, with MUST/SHOULD, exactly as in the spec document. */
  must: string;
  /** The spec document that defines it, relative to the package root, e.g. `spec/log.md`. */
  doc: string;
  /** Spec revisions the rule applies to; omitted means all. */
  revisions?: readonly SpecRevision[];
}

/** Source configs a validator may be told about (`check --config`, or a fixture's config). */
export interface KnownConfigs {
  'time-context'?: { refreshIntervalMs?: number; timeZone?: string };
  'tmux-context'?: { refreshIntervalMs?: number };
  'agent-instructions'?: { maxBytes?: number; [key: string]: unknown };
  'session-reference'?: { maxReferences?: number; maxReferenceBytes?: number; [key: string]: unknown };
}

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

/**
 * A checker for one log file. Feed it the header and events in order, then call `end()`.
 */
export class LogChecker {
  readonly model = new SessionModel();
  private readonly findings: Finding[] = [];
  private readonly visitors: RuleVisitor[];
  private readonly metas = new Map<string, RuleMeta>();

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
    this.model.setHeader(header, loc);
    for (const v of this.visitors) v.onHeader?.(header, loc, this.model);
  }

  event(ev: LocatedEvent): void {
    for (const v of this.visitors) v.onEvent?.(ev, this.model);
    this.model.apply(ev.event);
    for (const v of this.visitors) v.onAfterEvent?.(ev, this.model);
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
