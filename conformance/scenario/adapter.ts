/**
 * The service-adapter interface lives with the services (conformance/host/services/adapter.ts), so the
 * host never imports the scenario layer; re-exported here for the scenario code that speaks of it.
 */
export type { AdapterContext, AdapterFactory, ServiceAdapter } from '../host/services/adapter.js';
