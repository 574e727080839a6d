/**
 * What the durable log says about when a reading was sampled, as pure arithmetic (the reasoning behind
 * TC-ELAPSED-*, TC-SAMPLE-1 and TC-SCHED-1; see spec/time-context.md "Sampling window").
 *
 * A reading renders its sample `s = Date.now()` at whole-second precision, so `s` lies in
 * `[R, R + 999]` where `R` is the rendered second. The host appends the reading after sampling, so
 * without a clock step inside the pre-step `s <= event.time` too. When the event time is below `R` the
 * clock stepped (TC-TIME-1 reports it) and only the rendering bound is used.
 */

export interface SampleWindow {
  earliest: number;
  latest: number;
}

export function sampleWindow(renderedMs: number, eventTime: number, notBefore?: number): SampleWindow {
  const latest = eventTime >= renderedMs ? Math.min(renderedMs + 999, eventTime) : renderedMs + 999;
  // A lower bound from the log only narrows the window when it is consistent with the rendering; a
  // contradiction (a back-dated reading) is TC-SAMPLE-1's business, not a reason to invent a window.
  const earliest = notBefore !== undefined && notBefore > renderedMs && notBefore <= latest ? notBefore : renderedMs;
  return { earliest, latest };
}

/**
 * The log's lower bound for a sample: the pre-step ran after the latest durable event, so without a
 * clock step backwards the sample is not earlier than that event's time. `step/start`, appended right
 * after the pre-step, witnesses the clock: when it is earlier than that event the clock stepped back
 * and there is no lower bound.
 */
export function sampleLowerBound(lastDurable: number | undefined, stepStartTime: number): number | undefined {
  return lastDurable !== undefined && Number.isFinite(lastDurable) && stepStartTime >= lastDurable ? lastDurable : undefined;
}

/** Whole elapsed seconds a correct plugin renders for a sample at `sample` measured from `baseline`. */
export function elapsedSeconds(sample: number, baseline: number): number {
  return Math.floor(Math.max(0, sample - baseline) / 1000);
}

/** The inclusive range of elapsed seconds a correct plugin can have rendered (monotone in the sample). */
export function elapsedRange(window: SampleWindow, baseline: number): { min: number; max: number } {
  return { min: elapsedSeconds(window.earliest, baseline), max: elapsedSeconds(window.latest, baseline) };
}

/**
 * Whether every possible sample falls inside the suppression window `[last, last + interval)`, i.e. a
 * correct plugin could not have injected. A sample that may precede `last` (the clock went backwards)
 * or reach the threshold is allowed.
 */
export function certainlySuppressed(window: SampleWindow, last: number, intervalMs: number): boolean {
  return window.earliest >= last && window.latest < last + intervalMs;
}

/**
 * Whether the reading was certainly sampled more than `skewMs` before `lastDurable` (the time of the
 * latest event already durable when its pre-step ran), while the host clock at `step/start` (appended
 * after the sample) shows no step backwards since that event that could explain it.
 */
export function sampledBeforeDurable(window: SampleWindow, lastDurable: number, stepStartTime: number, skewMs: number): boolean {
  return window.latest + skewMs < lastDurable && stepStartTime + skewMs >= lastDurable;
}
