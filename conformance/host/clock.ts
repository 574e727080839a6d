/**
 * The controlled clock. Plugins read `Date.now()` (and nothing else time-related), so the host swaps
 * `Date.now` for a virtual one while a scenario runs. The clock may be set backwards: clock regression
 * is one of the things the suite tests.
 */
export class VirtualClock {
  private current: number;
  private readonly realNow = Date.now;
  private installed = false;

  constructor(start: number) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  set(ms: number): void {
    this.current = ms;
  }

  advance(ms: number): void {
    this.current += ms;
  }

  /** Replace the global `Date.now` with this clock until {@link uninstall}. */
  install(): void {
    if (this.installed) return;
    Date.now = () => this.current;
    this.installed = true;
  }

  uninstall(): void {
    if (!this.installed) return;
    Date.now = this.realNow;
    this.installed = false;
  }
}

/**
 * Set the process time zone. Node resets its cached default zone when `process.env.TZ` is assigned,
 * so plugins that resolve "the system zone" see the change on their next `Intl` call.
 */
export function setProcessTimeZone(tz: string | undefined): void {
  if (tz === undefined) delete process.env.TZ;
  else process.env.TZ = tz;
}
