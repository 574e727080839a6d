import type { ConformanceSource } from './types.js';

/** agent-instructions: the AGENTS.md-style instruction files of the workspace, kept in sync. */
export const agentInstructions = {
  name: 'agent-instructions',
  doc: 'spec/agent-instructions.md',
  summary: 'the instruction files of the workspace (baseline, then changes as files are touched)',
  generator: () => import('../generators/agent-instructions.js'),
  ingredients: async () => (await import('../properties/agent-instructions.js')).ingredients,
  services: ['workspace'],
  upstream: {
    '2026-08': { package: '@deepseek-ai/dsh-agent-instructions', version: '0.1.0-rc.8' },
    '2026-07': { package: '@deepseek-ai/dsh-agent-instructions', version: '0.1.0-rc.8' },
  },
} as const satisfies ConformanceSource<'agent-instructions'>;
