/**
 * Spec revisions the kit can judge against. `2026-08` follows the published `0.1.0-rc.8` code (the
 * default); `2026-07` is the earlier time-context of the seed README (two-line reading, published as
 * `@deepseek-ai/dsh-time-context@0.0.1-rc.1`). The other sources are identical in both revisions.
 */
export const SPEC_REVISIONS = ['2026-08', '2026-07'] as const;
export type SpecRevision = (typeof SPEC_REVISIONS)[number];
export const DEFAULT_REVISION: SpecRevision = '2026-08';

export function isSpecRevision(value: string): value is SpecRevision {
  return (SPEC_REVISIONS as readonly string[]).includes(value);
}

/** The four context sources the kit knows. */
export const SOURCES = ['time-context', 'tmux-context', 'agent-instructions', 'session-reference'] as const;
export type SourceName = (typeof SOURCES)[number];
