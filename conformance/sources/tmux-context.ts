import type { ConformanceSource } from './types.js';

/** tmux-context: where the agent runs inside tmux (session, window, pane), when it changes. */
export const tmuxContext = {
  name: 'tmux-context',
  doc: 'spec/tmux-context.md',
  summary: 'the tmux session, window and pane the agent runs in, when it changes',
  generator: () => import('../generators/tmux-context.js'),
  ingredients: async () => (await import('../properties/tmux-context.js')).ingredients,
  services: ['tmux'],
  upstream: {
    '2026-08': { package: '@deepseek-ai/dsh-tmux-context', version: '0.1.0-rc.8' },
    '2026-07': { package: '@deepseek-ai/dsh-tmux-context', version: '0.1.0-rc.8' },
  },
} as const satisfies ConformanceSource<'tmux-context'>;
