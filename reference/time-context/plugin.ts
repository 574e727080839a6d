import type { SpecRevision } from '../../spec/revisions.js';
import { createUserMessage, type UserMessage } from '../shared/message.js';
import { claimedZone, deriveBrowserZone, renderBrowserZonePolicy, type BrowserZone } from './browser-zone.js';
import { Config, loadSettings, type TimeContextConfig } from './config.js';
import { formatDuration } from './duration.js';
import { indexFor, type LogIndex, type SessionLike } from './log-index.js';
import { renderReading } from './reading-text.js';
import { formatTimestamp, timestampFormatterFor } from './timestamp.js';

/**
 * The time-context plugin, assembled from the decisions the spec makes. {@link REFERENCE_DESIGN} (and
 * its 2026-07 variant) is the normative behaviour; each decision is a named, separately replaceable part
 * so a mutant (`conformance/mutants/time-context`) can change exactly one of them and nothing else.
 */

export const SOURCE = 'time-context';

export interface PreStepPayload {
  agent: { session: SessionLike & { surface?: { nodes: readonly number[] } } };
  turn: number;
  step: number;
  signal: AbortSignal;
  messages?: readonly UserMessage[];
}

export type PreStepDecision = { kind: 'reject'; [key: string]: unknown } | { kind: 'enter'; messages: readonly UserMessage[] };

export interface TimeContextDesign {
  revision: SpecRevision;
  /** Interval scheduling: skip this attempt? Only asked when the interval is positive. */
  withinInterval(now: number, latestReading: number | undefined, intervalMs: number): boolean;
  /** The latest reading time scheduling compares with. */
  latestReadingTime(index: LogIndex, session: PreStepPayload['agent']['session']): number | undefined;
  /** The durable time the elapsed line measures from (undefined: `unavailable`). */
  baselineTime(index: LogIndex, turn: number, step: number): number | undefined;
  formatDuration(elapsedMs: number): string;
  /** The zone the timestamp is rendered in. */
  displayZone(browser: BrowserZone, fallbackZone: string): string;
  /** The fallback zone for this attempt, given the one resolved at load. */
  fallbackZone(loadedZone: string): string;
  /** Honour a signal that is already aborted when the downstream decision comes back. */
  respectsAbort: boolean;
}

export const REFERENCE_DESIGN: TimeContextDesign = {
  revision: '2026-08',
  // Skip only inside [last, last + interval): no reading yet, a clock that went backwards, or exactly
  // the interval all inject.
  withinInterval: (now, last, interval) => last !== undefined && now >= last && now - last < interval,
  // Raw events, shadowed ones included: compaction must not make the plugin inject again.
  latestReadingTime: (index) => index.latestReadingTime(),
  baselineTime: (index, turn, step) => (step === 1 ? index.latestModelVisibleTime() : index.readingTimeInTurn(turn)),
  formatDuration,
  displayZone: (browser, fallback) => (browser.kind === 'resolved' ? browser.timeZone : fallback),
  fallbackZone: (loaded) => loaded,
  respectsAbort: true,
};

/** 2026-07 (npm 0.0.1-rc.1): the same decisions, a two-line reading, no browser-zone policy. */
export const REFERENCE_DESIGN_2026_07: TimeContextDesign = { ...REFERENCE_DESIGN, revision: '2026-07' };

export interface TimeContextPlugin {
  name: 'time-context';
  inject: string[];
  Config: (input?: unknown) => TimeContextConfig;
  apply(ctx: PluginContext, config: TimeContextConfig): void;
}

export interface PluginContext {
  on(name: 'agent/pre-step', listener: (payload: PreStepPayload, next: () => Promise<PreStepDecision>) => Promise<PreStepDecision>, options: { prepend: true }): unknown;
}

export function createTimeContextPlugin(design: TimeContextDesign): TimeContextPlugin {
  function apply(ctx: PluginContext, config: TimeContextConfig): void {
    const settings = loadSettings(config);
    // The load-time formatter stands for the zone resolved at load; any other zone (a browser claim)
    // comes from the process-wide cache.
    const formatterFor = (zone: string): Intl.DateTimeFormat => (zone === settings.fallbackZone ? settings.fallbackFormatter : timestampFormatterFor(zone));
    const interval = settings.refreshIntervalMs;

    ctx.on(
      'agent/pre-step',
      async ({ agent, turn, step, signal }, next) => {
        // Delegate first: a downstream reject, throw or cancel must leave no reading behind.
        const decision = await next();
        if (decision.kind === 'reject' || (design.respectsAbort && signal.aborted)) return decision;
        const now = Date.now();
        const session = agent.session;
        const index = indexFor(session);
        if (interval !== undefined && interval > 0 && design.withinInterval(now, design.latestReadingTime(index, session), interval)) return decision;
        const previous = design.baselineTime(index, turn, step);
        const fallback = design.fallbackZone(settings.fallbackZone);
        let zone = fallback;
        let policy: string | undefined;
        if (design.revision === '2026-08') {
          // Durable claims of this turn first, then the proposed batch; a bad zone throws (fails the turn).
          const proposed = decision.messages.flatMap((m) => {
            const claimed = claimedZone(m.source);
            return claimed === undefined ? [] : [claimed];
          });
          const browser = deriveBrowserZone([...index.zoneClaimsInTurn(turn), ...proposed]);
          zone = design.displayZone(browser, fallback);
          policy = renderBrowserZonePolicy(browser);
        }
        const text = renderReading(design.revision, {
          turn,
          step,
          timestamp: formatTimestamp(now, formatterFor(zone), zone),
          policy,
          elapsed: previous === undefined ? 'unavailable' : design.formatDuration(now - previous),
        });
        const reading = createUserMessage({
          content: [{ type: 'text', text }],
          source: { kind: 'plugin', plugin: SOURCE, form: 'snapshot', sections: [{ name: SOURCE, text }] },
        });
        return { kind: 'enter', messages: [...decision.messages, reading] };
      },
      { prepend: true },
    );
  }
  return { name: 'time-context', inject: ['agents'], Config, apply };
}
