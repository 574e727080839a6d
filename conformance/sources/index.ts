import { SOURCES, type SourceName, type SpecRevision } from '../../spec/revisions.js';
import { agentInstructions } from './agent-instructions.js';
import { sessionReference } from './session-reference.js';
import { timeContext } from './time-context.js';
import { tmuxContext } from './tmux-context.js';
import type { ConformanceSource } from './types.js';

export type { ConformanceSource } from './types.js';

/**
 * The source registry, conformance side: one line per source. `satisfies` makes a missing source (a
 * name in `SOURCES` without its entry, or an entry without its generator, reference, …) a compile
 * error. Everything in conformance/ that lists sources derives from this table. The contributor-pattern
 * suite (any other plugin) plugs in beside it, as one more entry of the same shape.
 */
export const SOURCE_REGISTRY = {
  'time-context': timeContext,
  'tmux-context': tmuxContext,
  'agent-instructions': agentInstructions,
  'session-reference': sessionReference,
} as const satisfies { [S in SourceName]: ConformanceSource<S> };

/** The entries, in `SOURCES` order. */
export function registeredSources(): ConformanceSource[] {
  return SOURCES.map((s) => SOURCE_REGISTRY[s] as ConformanceSource);
}

/** The published package implementing `source` under `revision`, when there is one. */
export function upstreamOf(source: SourceName, revision: SpecRevision): { package: string; version: string } | undefined {
  return (SOURCE_REGISTRY[source] as ConformanceSource).upstream[revision];
}
