/**
 * Elapsed time as compact whole-second units: `Nd Nh Nm Ns`, days/hours/minutes only when non-zero,
 * seconds always (`0s`, `1m 1s`, `1h 0s`). A negative span (the clock went backwards) clamps to `0s`;
 * the span is floored, never rounded.
 */
export function formatDuration(elapsedMs: number): string {
  return formatSeconds(Math.floor(Math.max(0, elapsedMs) / 1000));
}

/** Render a whole, non-negative number of seconds in the compact unit form. */
export function formatSeconds(totalSeconds: number): string {
  let seconds = totalSeconds;
  const days = Math.floor(seconds / 86_400);
  seconds %= 86_400;
  const hours = Math.floor(seconds / 3_600);
  seconds %= 3_600;
  const minutes = Math.floor(seconds / 60);
  seconds %= 60;
  const parts: string[] = [];
  if (days > 0) parts.push(`${days}d`);
  if (hours > 0) parts.push(`${hours}h`);
  if (minutes > 0) parts.push(`${minutes}m`);
  parts.push(`${seconds}s`);
  return parts.join(' ');
}

/** The number of seconds a rendered duration (`1d 2h 3m 4s`) names, or undefined when it is not one. */
export function parseDuration(text: string): number | undefined {
  const match = /^(?:(\d+)d )?(?:(\d+)h )?(?:(\d+)m )?(\d+)s$/.exec(text);
  if (match === null) return undefined;
  const [, d, h, m, s] = match;
  return Number(d ?? 0) * 86_400 + Number(h ?? 0) * 3_600 + Number(m ?? 0) * 60 + Number(s);
}
