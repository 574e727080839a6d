import { createUserMessage, type UserMessage } from '../../../../reference/shared/message.js';
import { loadSettings, type TimeContextConfig } from '../../../../reference/time-context/config.js';
import { createTimeContextPlugin, REFERENCE_DESIGN, type PluginContext, type PreStepDecision, type PreStepPayload, type TimeContextDesign, type TimeContextPlugin } from '../../../../reference/time-context/plugin.js';
import { reference2026_08 } from '../../../../reference/time-context/revisions.js';

/**
 * Building blocks for time-context mutants (test support: excluded from the build). A mutant is the
 * reference with one realistic bug: either one replaced decision of the reference design
 * ({@link variantPlugin}), or the reference listener wrapped by code that post-processes or feeds it
 * differently ({@link wrappedPlugin}).
 */

export function variantPlugin(overrides: Partial<TimeContextDesign>): TimeContextPlugin {
  return createTimeContextPlugin({ ...REFERENCE_DESIGN, ...overrides });
}

type Listener = (payload: PreStepPayload, next: () => Promise<PreStepDecision>) => Promise<PreStepDecision>;

/**
 * The reference, with its pre-step listener wrapped. `configure` may change the config the reference
 * sees (after the original has passed the load-time checks, so load errors stay identical).
 */
export function wrappedPlugin(wrap: (listener: Listener, config: TimeContextConfig) => Listener, configure: (config: TimeContextConfig) => TimeContextConfig = (c) => c): TimeContextPlugin {
  return {
    ...reference2026_08,
    apply(ctx: PluginContext, config: TimeContextConfig) {
      loadSettings(config);
      const proxy: PluginContext = { on: (name, listener, options) => ctx.on(name, wrap(listener, config), options) };
      reference2026_08.apply(proxy, configure(config));
    },
  };
}

export function isReading(message: UserMessage): boolean {
  return message.source.kind === 'plugin' && message.source.plugin === 'time-context';
}

/** Replace the reading of an entering decision. */
export function mapReading(decision: PreStepDecision, map: (reading: UserMessage) => UserMessage): PreStepDecision {
  if (decision.kind !== 'enter') return decision;
  return { kind: 'enter', messages: decision.messages.map((m) => (isReading(m) ? map(m) : m)) };
}

export { createUserMessage };
