import type { RuleModule } from '../../engine.js';
import { readerMessages, readerRules } from '../../log/reader-rules.js';

/**
 * The reader's rule ids (file system, zstd, framing, JSON, header, packed rows, legacy shapes) as a
 * rule module, so they share one registry with every other rule: reporters look up their metadata,
 * SARIF lists them, and the duplicate-id check covers them. The reader itself reports them; this
 * module has nothing to visit.
 */
export const readerModule: RuleModule = {
  name: 'core/reader',
  source: 'log',
  rules: readerRules,
  messages: readerMessages,
  create: () => ({}),
};
