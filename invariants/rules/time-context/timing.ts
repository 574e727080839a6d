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

export function sampleWindow(renderedMs: number, eventTime: number): SampleWindow {
  const latest = eventTime >= renderedMs ? Math.min(renderedMs + 999, eventTime) : renderedMs + 999;
  return { earliest: renderedMs, latest };
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
 * Whether the reading was certainly sampled more than `skewMs` before `durableMax` (the latest time
 * already durable when its pre-step ran), while the host clock at `step/start` (appended after the
 * sample) shows no step backwards that could explain it.
 */
export function sampledBeforeDurable(window: SampleWindow, durableMax: number, stepStartTime: number, skewMs: number): boolean {
  return window.latest + skewMs < durableMax && stepStartTime + skewMs >= durableMax;
}
