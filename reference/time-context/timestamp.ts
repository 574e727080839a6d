/**
 * The reading's timestamp: an ISO-shaped local time with a numeric offset and the IANA zone in
 * brackets, e.g. `2026-07-15T09:01:01+08:00[Asia/Shanghai]`. Shared by the reference plugins and the
 * validator rules, so the text a rule expects is produced by the very code the reference writes with.
 */

/** The formatter a reading is rendered with; `timeZone` undefined means the process zone. */
export function createTimestampFormatter(timeZone: string | undefined): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    ...(timeZone === undefined ? {} : { timeZone }),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  });
}

/**
 * The formatter for a named zone, shared across plugin instances. A formatter is immutable and costs
 * ~150 µs to construct, so a fresh plugin instance (a restart) should not pay for it again. Only
 * names Intl accepts are stored (an unsupported one throws first), and the plugin asks only for zones
 * the browser-zone check (`assertCanonicalZone`) has already confirmed canonical, so the cache stays
 * within the few hundred canonical IANA zones.
 */
const formattersByZone = new Map<string, Intl.DateTimeFormat>();
export function timestampFormatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formattersByZone.get(timeZone);
  if (formatter === undefined) {
    formatter = createTimestampFormatter(timeZone);
    formattersByZone.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * Render `epochMs` (whole seconds: Intl drops the milliseconds) with `formatter`, labelled `zone`.
 * The offset is Intl's `GMT+08:00` with the `GMT` prefix dropped; a bare `GMT` (UTC) becomes
 * `+00:00`, so the text never contains `Z`. Historical LMT offsets keep their seconds (`+08:05:43`).
 */
export function formatTimestamp(epochMs: number, formatter: Intl.DateTimeFormat, zone: string): string {
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(epochMs)) parts[part.type] = part.value;
  const offset = (parts.timeZoneName === 'GMT' ? 'GMT+00:00' : parts.timeZoneName).slice(3);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}[${zone}]`;
}

/** The epoch ms a rendered timestamp names (its bracketed zone removed), or NaN. */
export function parseRenderedTimestamp(rendered: string): number {
  return Date.parse(rendered.replace(/\[[^\]]+\]$/, ''));
}
