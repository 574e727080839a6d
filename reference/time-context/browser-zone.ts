/**
 * The browser-zone policy of one open turn (revision 2026-08).
 *
 * The Web host stamps each user-rpc prompt's source with the browser's `clientTimeZone`. A turn whose
 * counted messages name exactly one zone is `resolved` (the reading is rendered in that zone), several
 * zones are `mixed`, none is `missing`. A corrupt zone is a host bug, so it fails the turn with a
 * TypeError rather than being skipped. Shared by the reference plugin and the validator rules.
 */

export type BrowserZone =
  | { kind: 'missing' }
  | { kind: 'resolved'; timeZone: string }
  | { kind: 'mixed'; timeZones: string[] };

const IANA_AREA_LOCATION = /^[A-Za-z][A-Za-z0-9_+.-]*(?:\/[A-Za-z0-9_+.-]+)+$/;

/**
 * The zone a message source carries, if it counts: only a user source with a string `rpcId` and a
 * string `clientTimeZone` (the user-rpc prompt shape). Anything else is not a browser claim.
 */
export function claimedZone(source: unknown): string | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const s = source as { kind?: unknown; rpcId?: unknown; clientTimeZone?: unknown };
  return s.kind === 'user' && typeof s.rpcId === 'string' && typeof s.clientTimeZone === 'string' ? s.clientTimeZone : undefined;
}

/**
 * Zones already confirmed canonical and supported in this process. Constructing an
 * `Intl.DateTimeFormat` costs ~150 µs and every pre-step of a browser-zoned turn revalidates the same
 * claim; ICU's zone data is fixed for the life of the process, so the same string always gets the same
 * verdict. Only successes are remembered: a bad zone fails the turn, so its path is not hot, and
 * re-deriving it keeps the error a fresh object with the exact class, message and cause. The set is
 * bounded by the (few hundred) canonical IANA zones, since nothing else can enter it.
 */
const confirmedZones = new Set<string>();

/** Throw the exact TypeError DSH raises when a claimed zone is not canonical UTC/IANA or not supported. */
export function assertCanonicalZone(value: string): void {
  if (confirmedZones.has(value)) return;
  if (value !== 'UTC' && !IANA_AREA_LOCATION.test(value)) {
    throw new TypeError(`browser time zone must be canonical UTC or IANA Area/Location: ${JSON.stringify(value)}`);
  }
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch (error) {
    throw new TypeError(`browser time zone is unsupported: ${JSON.stringify(value)}`, { cause: error });
  }
  if (canonical !== value) throw new TypeError(`browser time zone must be canonical: ${JSON.stringify(value)}`);
  confirmedZones.add(value);
}

/**
 * Classify the claimed zones of a turn, in message order. Every zone is validated first (the first
 * bad one throws, even when the others would already make the turn mixed); then duplicates are
 * dropped and the rest sorted with the default string order.
 */
export function deriveBrowserZone(claimed: readonly string[]): BrowserZone {
  for (const zone of claimed) assertCanonicalZone(zone);
  return classifyZones(claimed);
}

/** Classify already-validated claims: deduplicate, sort (default string order), count. */
export function classifyZones(claimed: readonly string[]): BrowserZone {
  const zones = [...new Set(claimed)].sort();
  if (zones.length === 0) return { kind: 'missing' };
  if (zones.length === 1) return { kind: 'resolved', timeZone: zones[0] };
  return { kind: 'mixed', timeZones: zones };
}

/** The policy line, exactly as the model reads it. */
export function renderBrowserZonePolicy(zone: BrowserZone): string {
  switch (zone.kind) {
    case 'resolved':
      return `Browser time zone for this request: ${zone.timeZone}. Interpret otherwise-unqualified dates and times in this zone.`;
    case 'mixed':
      return `Browser time zone for this request: mixed ${JSON.stringify(zone.timeZones)}. Ask the user to clarify otherwise-unqualified dates and times.`;
    case 'missing':
      return 'Browser time zone for this request: unavailable. Ask the user to clarify otherwise-unqualified dates and times.';
  }
}
