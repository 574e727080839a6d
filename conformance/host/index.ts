export { SimulatedHost, makeUserMessage, describeError, onPluginError } from './host.js';
export type { Downstream, HostOptions, PluginFactory, PreStepOutcome, ToolCallInput, UserMessageInput } from './host.js';
export { VirtualClock, setProcessTimeZone } from './clock.js';
export { HostContext, ListenerRegistry } from './context.js';
export { SimAgent, Inbox } from './agent.js';
export { SimSession } from './session.js';
