import { isReading, wrappedPlugin } from './support/variant.js';

export const description = 'Remembers the last injection time in process memory instead of reading the durable log, so after a restart it injects again inside the interval.';

export const { name, inject, Config, apply } = wrappedPlugin(
  (listener, config) => {
    let last: number | undefined;
    return async (payload, next) => {
      const decision = await listener(payload, next);
      const interval = config.refreshIntervalMs ?? 0;
      if (decision.kind !== 'enter' || !decision.messages.some(isReading)) return decision;
      const now = Date.now();
      if (interval > 0 && last !== undefined && now >= last && now - last < interval) {
        return { kind: 'enter', messages: decision.messages.filter((m) => !isReading(m)) };
      }
      last = now;
      return decision;
    };
  },
  // The reference underneath injects every time; the wrapper does the (memory-based) scheduling.
  (config) => ({ ...config, refreshIntervalMs: 0 }),
);
