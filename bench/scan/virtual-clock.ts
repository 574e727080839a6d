/**
 * The wall clock the plugins read (`Date.now()`), driven by the generated session's own time so the
 * scheduling decisions are the same on every run. Timing itself uses `performance.now()` (tinybench's
 * default provider), which this never touches.
 */
export const virtualTime = { now: 0 };

/** Replace `Date.now` by the virtual clock; returns the function that restores the real one. */
export function installVirtualClock(): () => void {
  const real = Date.now;
  Date.now = () => virtualTime.now;
  return () => {
    Date.now = real;
  };
}
