import { ruleCases } from './cases.js';
import type { LogDraft } from '../../scenario/draft.js';
import { GENERATOR } from './dsl.js';

// ---------------------------------------------------------------------------------------------
// Log fixtures

const CATEGORY: Record<string, LogDraft['category']> = {
  SRC: 'log-structure',
  BASE: 'log-structure',
  FRAME: 'escaping',
  HEAD: 'format',
  SEQ: 'dynamic',
  BUDGET: 'budget',
  POS: 'ordering',
};

export function logFixtures(): LogDraft[] {
  return ruleCases().map((c) => {
    const family = /^AI-([A-Z]+)-/.exec(c.findings[0] ?? c.title)?.[1] ?? 'SRC';
    return {
      source: 'agent-instructions',
      category: c.findings.length === 0 ? 'format' : CATEGORY[family] ?? 'log-structure',
      title: c.title,
      rules: [...new Set(c.findings.length > 0 ? c.findings : ['AI-SRC-1', 'AI-FRAME-1', 'AI-HEAD-1', 'AI-SEQ-1', 'AI-SEQ-3'])],
      revisions: ['2026-08', '2026-07'],
      config: c.configs as Record<string, Record<string, unknown>> | undefined,
      header: { type: 'session', version: 0, id: 'session-ai-log', createdAt: Date.parse('2026-08-01T00:00:00.000Z'), cwd: '/proj', delegationDepth: 0 },
      log: c.events,
      findings: c.findings,
      provenance: { generator: GENERATOR },
    };
  });
}
