import type { SessionEvent, SessionHeader } from '../../invariants/log/types.js';
import type { UserMessage } from '../../reference/shared/message.js';
import type { VirtualClock } from './clock.js';
import type { HostContext } from './context.js';

/** The data shapes of the simulated host's interface (./host.ts): plugins, inputs, outcomes, options. */

/** How to build a plugin instance in a context (the loader produces this). */
export interface PluginFactory {
  /** Apply the plugin (namespace `apply(ctx, config)`) or construct it (Service class). Throws on load errors. */
  instantiate(ctx: HostContext, config: unknown): unknown;
  /**
   * The plugin module's exports (its documented library functions, e.g. session-reference's
   * `encodeSessionReferenceUri`), for `{do:'library'}` actions. Optional: a factory without it makes
   * such an action record an error observation.
   */
  readonly exports?: Readonly<Record<string, unknown>>;
}

/** What the downstream listeners (innermost, after the plugin) decide in a pre-step. */
export type Downstream =
  | { kind: 'default' }
  /** Enter with these messages appended after the claimed ones (downstream contribution). */
  | { kind: 'enter'; add?: UserMessageInput[]; replaceClaimed?: UserMessageInput[] }
  | { kind: 'reject' }
  | { kind: 'throw'; message: string }
  /** Abort the step's signal, then enter with the claimed messages. */
  | { kind: 'abort' };

export interface UserMessageInput {
  text?: string;
  content?: UserMessage['content'];
  source?: UserMessage['source'];
  id?: string;
}

export type PreStepOutcome =
  | { kind: 'enter'; turn: number; step: number; appended: number[] }
  | { kind: 'completed-empty'; turn: number; step: number }
  | { kind: 'reject'; turn: number; step: number }
  | { kind: 'error'; turn: number; step: number; error: { name: string; message: string; code?: string } };

export interface ToolCallInput {
  name: string;
  arguments: Record<string, unknown>;
  callId?: string;
  /** Result text; `isError` makes a failed result. */
  result?: string;
  isError?: boolean;
  /** Abort the tool's signal before the result is delivered. */
  aborted?: boolean;
  /**
   * Nested executions run by this tool (a composite tool): each delivers its own `tools/result` with
   * `exec.parent` set to this execution's token, before this one's result. They write no durable events.
   */
  children?: ToolCallInput[];
  /** Deliver the result with no `exec.agent` (an execution not owned by an agent). */
  agentless?: boolean;
  /** Abort the tool's signal right after `tools/result` was delivered (the execution ends). */
  abortAfterResult?: boolean;
  /**
   * Contexts another listener already attached to the result (`result.additionalContexts`). After
   * every `tools/result` listener ran, the host appends whatever the array then holds as
   * `user/message` events right after the durable `tool/result`.
   */
  additionalContexts?: UserMessageInput[];
}

export interface HostOptions {
  plugin: PluginFactory;
  config?: unknown;
  header: SessionHeader;
  initialEvents?: readonly SessionEvent[];
  /** Services by name (`shell`, `fs`, `sessionQuery`, ...). */
  services?: Record<string, unknown>;
  clock: VirtualClock;
  /** Process time zone before the plugin loads (`TZ`). */
  timeZone?: string;
  agentId?: string;
  /** Further agents, each with its own session (e.g. two sessions with different cwds). */
  agents?: ReadonlyArray<{ id: string; header: SessionHeader }>;
}


/**
 * Called with every error a plugin throws into the host (before it is reduced to name and message),
 * so the isolated runner can show the plugin author its stack.
 */
let pluginErrorListener: ((error: unknown) => void) | undefined;
export function onPluginError(listener: ((error: unknown) => void) | undefined): void {
  pluginErrorListener = listener;
}

export function describeError(error: unknown): { name: string; message: string; code?: string } {
  pluginErrorListener?.(error);
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { name: error.name, message: error.message, ...(typeof code === 'string' ? { code } : {}) };
  }
  return { name: 'NonError', message: String(error) };
}

export function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
