import type { SourceName, SpecRevision } from '../spec/revisions.js';

/**
 * The bundled reference implementations, by source and spec revision. Only time-context differs
 * between revisions (2026-07 is the two-line reading); the module may export `referenceFor(spec)` to
 * pick one. Modules are loaded lazily so `check` never pays for them.
 */
const modules: Record<SourceName, string> = {
  'time-context': './time-context/index.js',
  'tmux-context': './tmux-context/index.js',
  'agent-instructions': './agent-instructions/index.js',
  'session-reference': './session-reference/index.js',
};

export async function referenceModule(source: SourceName, spec: SpecRevision): Promise<Record<string, unknown>> {
  const mod = (await import(/* @vite-ignore */ modules[source])) as Record<string, unknown> & {
    referenceFor?: (spec: SpecRevision) => Record<string, unknown>;
  };
  return typeof mod.referenceFor === 'function' ? mod.referenceFor(spec) : mod;
}
