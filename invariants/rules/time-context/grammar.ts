import type { SpecRevision } from '../../../spec/revisions.js';

/**
 * The validator's own reading of a time-context reading, written from spec/time-context.md (§1.2 steps
 * 5–6 and §1.3), not shared with the reference that writes readings: a bug in the reference's
 * formatter or parser must show up as a finding, not be mirrored by the rules that judge it. The
 * agreement of the two is itself tested (conformance/integration/time-context/grammar.test.ts).
 *
 * The algorithms differ on purpose: the reference renders offsets from Intl's `longOffset` name; here
 * the offset is derived as the difference between the zone's wall clock and UTC, and durations are
 * parsed unit by unit.
 */

/** The label a reading names its elapsed-time baseline with. */
export type Baseline = 'model-visible message' | 'step context';

/** A reading's text split into what it claims (numbers as written; callers check their range). */
export interface ReadingClaims {
  turn: number;
  step: number;
  timestamp: string;
  /** The browser-zone line (2026-08 only). */
  policy?: string;
  baseline: Baseline;
  /** `unavailable`, or a duration text. */
  elapsed: string;
}

/** §1.3: step 1 measures from the preceding model-visible message, later steps from the step context. */
export function expectedBaseline(step: number): Baseline {
  return step === 1 ? 'model-visible message' : 'step context';
}

// §1.3 line by line. A JS `.` never matches a line terminator, so the policy line cannot swallow the
// next one; the whole text is anchored (no trailing newline).
const DIGITS = String.raw`(\d+)`;
const STAMP = String.raw`(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})\[[^\]]+\])`;
const FIRST = `Time sampled while preparing turn ${DIGITS}, step ${DIGITS}: ${STAMP}`;
const POLICY = '(Browser time zone for this request: .+)';
const DURATION = String.raw`(?:\d+d )?(?:\d+h )?(?:\d+m )?\d+s`;
const LAST = `Elapsed since the preceding (model-visible message|step context): (unavailable|${DURATION})\\.`;
const GRAMMAR: Record<SpecRevision, RegExp> = {
  '2026-08': new RegExp(`^${FIRST}\n${POLICY}\n${LAST}$`),
  '2026-07': new RegExp(`^${FIRST}\n${LAST}$`),
};

/** The claims of a reading under `revision`, or undefined when the text is not in its grammar. */
export function readClaims(revision: SpecRevision, text: string): ReadingClaims | undefined {
  const m = GRAMMAR[revision].exec(text);
  if (m === null) return undefined;
  const hasPolicy = revision !== '2026-07';
  const baseline = m[hasPolicy ? 5 : 4] as Baseline;
  const elapsed = m[hasPolicy ? 6 : 5];
  return { turn: Number(m[1]), step: Number(m[2]), timestamp: m[3], ...(hasPolicy ? { policy: m[4] } : {}), baseline, elapsed };
}

const UNIT_SECONDS: Record<string, number> = { d: 86_400, h: 3_600, m: 60, s: 1 };

/** Seconds a duration text names (`1d 2h 3m 4s`), or undefined when it is not one. */
export function durationSeconds(text: string): number | undefined {
  if (!new RegExp(`^${DURATION}$`).test(text)) return undefined;
  let total = 0;
  for (const part of text.split(' ')) total += Number(part.slice(0, -1)) * UNIT_SECONDS[part.slice(-1)];
  return total;
}

/** §1.2 step 5: whole seconds as `Nd Nh Nm Ns`, larger units only when non-zero, seconds always. */
export function canonicalDuration(totalSeconds: number): string {
  const units: string[] = [];
  let rest = totalSeconds;
  for (const unit of ['d', 'h', 'm'] as const) {
    const n = Math.floor(rest / UNIT_SECONDS[unit]);
    rest %= UNIT_SECONDS[unit]; // exact in floating point, even for absurd spans
    if (n > 0) units.push(`${n}${unit}`);
  }
  return [...units, `${rest}s`].join(' ');
}

/** The instant a rendered timestamp names (its `[Zone]` label set aside), or NaN. */
export function timestampInstant(rendered: string): number {
  const bracket = rendered.lastIndexOf('[');
  return Date.parse(bracket > 0 && rendered.endsWith(']') ? rendered.slice(0, bracket) : rendered);
}

/** One numeric wall-clock reader per zone: building an Intl formatter is the expensive part. */
const wallClocks = new Map<string, Intl.DateTimeFormat>();
function wallClock(zone: string): Intl.DateTimeFormat {
  let f = wallClocks.get(zone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    wallClocks.set(zone, f);
  }
  return f;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * How `epochMs` (whole seconds) must be rendered in `zone` (§1.3): the zone's wall clock, then its
 * offset from UTC as `±HH:MM` (`+00:00` for none, never `Z`), with seconds only for historical offsets
 * that have them, then the zone label. Throws when the platform cannot format the zone (TC-TIME-2).
 */
export function renderedIn(epochMs: number, zone: string): string {
  const second = Math.floor(epochMs / 1000) * 1000;
  const parts: Record<string, string> = {};
  for (const p of wallClock(zone).formatToParts(second)) parts[p.type] = p.value;
  const wall = new Date(0);
  wall.setUTCFullYear(Number(parts.year), Number(parts.month) - 1, Number(parts.day));
  wall.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second), 0);
  const offsetSeconds = Math.round((wall.getTime() - second) / 1000);
  const abs = Math.abs(offsetSeconds);
  const hh = Math.floor(abs / 3600);
  const mm = Math.floor((abs % 3600) / 60);
  const ss = abs % 60;
  const offset = `${offsetSeconds < 0 ? '-' : '+'}${pad2(hh)}:${pad2(mm)}${ss !== 0 ? `:${pad2(ss)}` : ''}`;
  return `${parts.year}-${pad2(Number(parts.month))}-${pad2(Number(parts.day))}T${pad2(Number(parts.hour))}:${pad2(Number(parts.minute))}:${pad2(Number(parts.second))}${offset}[${zone}]`;
}

/** §1.2 step 6: the shape a browser-zone claim must have before Intl is asked about it. */
const AREA_LOCATION = /^[A-Za-z][A-Za-z0-9_+.-]*(?:\/[A-Za-z0-9_+.-]+)+$/;
const canonicalZones = new Set<string>();

/**
 * Why a claimed zone is not canonical (the exact words DSH's TypeError uses), or undefined when it is.
 * Verdicts are remembered only for good zones (a fixed set of a few hundred names).
 */
export function zoneDefect(zone: string): string | undefined {
  if (canonicalZones.has(zone)) return undefined;
  if (zone !== 'UTC' && !AREA_LOCATION.test(zone)) return `browser time zone must be canonical UTC or IANA Area/Location: ${JSON.stringify(zone)}`;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return `browser time zone is unsupported: ${JSON.stringify(zone)}`;
  }
  if (resolved !== zone) return `browser time zone must be canonical: ${JSON.stringify(zone)}`;
  canonicalZones.add(zone);
  return undefined;
}

/** A turn's browser zone, from its claims: none, exactly one, or several (sorted, no duplicates). */
export type TurnZone = { kind: 'none' } | { kind: 'unique'; zone: string } | { kind: 'several'; zones: string[] };

export function turnZone(claims: readonly string[]): TurnZone {
  const zones = [...new Set(claims)].sort();
  if (zones.length === 0) return { kind: 'none' };
  return zones.length === 1 ? { kind: 'unique', zone: zones[0] } : { kind: 'several', zones };
}

/** §1.3: the policy line a reading must carry for its turn's zone. */
export function expectedPolicy(zone: TurnZone): string {
  const head = 'Browser time zone for this request:';
  const ask = 'Ask the user to clarify otherwise-unqualified dates and times.';
  if (zone.kind === 'unique') return `${head} ${zone.zone}. Interpret otherwise-unqualified dates and times in this zone.`;
  if (zone.kind === 'several') return `${head} mixed ${JSON.stringify(zone.zones)}. ${ask}`;
  return `${head} unavailable. ${ask}`;
}

/** §3: a reading is a `user/message` whose source is the time-context plugin's. */
export function isReading(event: { type: unknown; data: unknown }): boolean {
  if (event.type !== 'user/message') return false;
  const source = (event.data as { source?: unknown } | null)?.source as { kind?: unknown; plugin?: unknown } | null | undefined;
  return typeof source === 'object' && source !== null && source.kind === 'plugin' && source.plugin === 'time-context';
}

/** §1.2 step 6: the zone a message's source claims, when it is a user-rpc prompt that carries one. */
export function zoneClaim(source: unknown): string | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const { kind, rpcId, clientTimeZone } = source as Record<string, unknown>;
  return kind === 'user' && typeof rpcId === 'string' && typeof clientTimeZone === 'string' ? clientTimeZone : undefined;
}
