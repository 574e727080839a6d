import type { AdapterFactory } from './adapter.js';

/**
 * Which module owns which environment section. Loaded lazily so a fixture only pays for the services
 * it uses. Each module exports `createAdapter: AdapterFactory`.
 */
const owners: Record<string, string> = {
  tmux: '../host/services/shell.js',
  workspace: '../host/services/fs.js',
  sessions: '../host/services/session-query.js',
};

export const ADAPTER_SECTIONS = Object.keys(owners);

export async function adapterFactory(section: string): Promise<AdapterFactory> {
  const path = owners[section];
  if (path === undefined) throw new Error(`fixture names an unknown environment section "${section}" (known: ${ADAPTER_SECTIONS.join(', ')})`);
  const mod = (await import(/* @vite-ignore */ path)) as { createAdapter?: AdapterFactory };
  if (typeof mod.createAdapter !== 'function') throw new Error(`internal: ${path} does not export createAdapter`);
  return mod.createAdapter;
}
