import type { ConformanceSource } from './types.js';

/** session-reference: other sessions the user mentions, projected into the prompt. */
export const sessionReference = {
  name: 'session-reference',
  doc: 'spec/session-reference.md',
  summary: 'other sessions a message mentions, projected as bounded references',
  generator: () => import('../generators/session-reference.js'),
  ingredients: async () => (await import('../properties/session-reference.js')).ingredients,
  services: ['sessions'],
  upstream: {
    '2026-08': { package: '@deepseek-ai/dsh-session-reference', version: '0.1.0-rc.8' },
    '2026-07': { package: '@deepseek-ai/dsh-session-reference', version: '0.1.0-rc.8' },
  },
} as const satisfies ConformanceSource<'session-reference'>;
