import type { AdapterFactory } from './adapter.js';

/**
 * The host services a fixture's environment can ask for, by environment section (`env.tmux`, …), each
 * loaded only when a fixture names its section (a literal dynamic import: typed and visible to the
 * dependency rule). A source's registry entry (conformance/sources) names the sections it uses.
 * Section names stay as they are in committed fixtures; see CONTRIBUTING.md's glossary for how they
 * map to the service names plugins see (`shell`, `fs`, `sessionQuery`).
 */
export const SERVICE_ADAPTERS = {
  tmux: () => import('./shell.js'),
  workspace: () => import('./fs.js'),
  sessions: () => import('./session-query.js'),
} as const satisfies Record<string, () => Promise<{ createAdapter: AdapterFactory }>>;

export type ServiceSection = keyof typeof SERVICE_ADAPTERS;
