import { Config } from './config.js';
import { defaultParts, type Parts } from './parts.js';
import { createApply } from './plugin.js';

/**
 * A plugin module built from the reference with some parts swapped: how the mutants in
 * conformance/mutants/agent-instructions are made (one wrong part each).
 */
export function variant(overrides: Partial<Parts>): { name: string; Config: typeof Config; apply: ReturnType<typeof createApply> } {
  return { name: 'agent-instructions', Config, apply: createApply({ ...defaultParts, ...overrides }) };
}

export { defaultParts };
export type { Parts };
