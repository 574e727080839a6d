import type { SourceName, SpecRevision } from '../spec/revisions.js';

/**
 * The published upstream packages the suite is cross-checked against (exact dev dependencies).
 * `0.1.0-rc.8` implements 2026-08; the time-context `0.0.1-rc.1` build implements 2026-07. The other
 * sources did not change between revisions, so rc.8 serves both.
 */
export function upstreamPackage(source: SourceName, spec: SpecRevision): string | undefined {
  switch (source) {
    case 'time-context':
      return spec === '2026-07' ? 'dsh-time-context-0.0.1-rc.1' : '@deepseek-ai/dsh-time-context';
    case 'tmux-context':
      return '@deepseek-ai/dsh-tmux-context';
    case 'agent-instructions':
      return '@deepseek-ai/dsh-agent-instructions';
    case 'session-reference':
      return '@deepseek-ai/dsh-session-reference';
  }
}

export const UPSTREAM_VERSIONS: Record<string, string> = {
  '@deepseek-ai/dsh-time-context': '0.1.0-rc.8',
  'dsh-time-context-0.0.1-rc.1': '0.0.1-rc.1',
  '@deepseek-ai/dsh-tmux-context': '0.1.0-rc.8',
  '@deepseek-ai/dsh-agent-instructions': '0.1.0-rc.8',
  '@deepseek-ai/dsh-session-reference': '0.1.0-rc.8',
};
