import type { ConformanceSource } from './types.js';

/** time-context: a durable reading of the current time at each entering pre-step. */
export const timeContext = {
  name: 'time-context',
  doc: 'spec/time-context.md',
  summary: 'the time a step was prepared, in which zone, and the time since the baseline',
  generator: () => import('../generators/time-context.js'),
  ingredients: async () => (await import('../properties/time-context.js')).ingredients,
  services: [],
  upstream: {
    '2026-08': { package: '@deepseek-ai/dsh-time-context', version: '0.1.0-rc.8' },
    '2026-07': { package: 'dsh-time-context-0.0.1-rc.1', version: '0.0.1-rc.1' },
  },
} as const satisfies ConformanceSource<'time-context'>;
