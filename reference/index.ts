import type { SourceName, SpecRevision } from '../spec/revisions.js';

/**
 * The bundled reference implementations, by source and spec revision. Only time-context differs
 * between revisions (2026-07 is the two-line reading); its module exports `referenceFor(revision)`.
 * Each loader is a literal dynamic import, so the compiler types it and the dependency rule sees it,
 * while `check` still never pays for loading a reference. A source without a reference is a compile
 * error here (`satisfies Record<SourceName, …>`).
 */
export type ReferenceModule = Record<string, unknown>;

const loaders = {
  'time-context': async (revision) => (await import('./time-context/index.js')).referenceFor(revision),
  'tmux-context': async () => import('./tmux-context/index.js'),
  'agent-instructions': async () => import('./agent-instructions/index.js'),
  'session-reference': async () => import('./session-reference/index.js'),
} satisfies Record<SourceName, (revision: SpecRevision) => Promise<object>>;

export async function referenceModule(source: SourceName, revision: SpecRevision): Promise<ReferenceModule> {
  return (await loaders[source](revision)) as ReferenceModule;
}
