import { SERVICE_ADAPTERS, type ServiceSection } from '../host/services/index.js';
import type { AdapterFactory } from './adapter.js';

/**
 * Which service module owns which environment section (conformance/host/services/index.ts). Loaded
 * lazily so a fixture only pays for the services it uses.
 */
export const ADAPTER_SECTIONS = Object.keys(SERVICE_ADAPTERS) as ServiceSection[];

export async function adapterFactory(section: string): Promise<AdapterFactory> {
  if (!Object.hasOwn(SERVICE_ADAPTERS, section)) throw new Error(`fixture names an unknown environment section "${section}" (known: ${ADAPTER_SECTIONS.join(', ')})`);
  return (await SERVICE_ADAPTERS[section as ServiceSection]()).createAdapter;
}
