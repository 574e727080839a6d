import type { RuleMeta, RuleModule } from '../../engine.js';
import { KNOWN_SESSION_EVENT_TYPES, REJECTED_LEGACY_TYPES } from '../../log/known-event-types.js';
import { rec } from './access.js';
import { defineMessages } from '../../message-templates.js';

const doc = 'spec/log.md';

/**
 * Which event types a log may contain. DSH's reader refuses a log with a type it does not know unless
 * the event says `ignorable: true` (vocabulary grows through that marker, not version bumps), and
 * refuses the request-header vocabulary that was removed with the legacy delta codec.
 */
export const vocabularyRules = {
  'LOG-TYPE-1': {
    severity: 'error',
    title: 'Known event types',
    must: 'Every event type MUST be one of the 48 known session event types, unless the event carries `ignorable: true`.',
    doc,
  },
  'LOG-LEGACY-1': {
    severity: 'error',
    title: 'Rejected legacy vocabulary',
    must: 'A log MUST NOT contain `request/header-delta` or `mode/set` events, nor a `request/header` with reason `fallback`.',
    doc,
  },
} as const satisfies Record<string, RuleMeta>;

export const vocabularyMessages = defineMessages({
  'LOG-LEGACY-1': {
    legacyType: (d: { type: string }) => `expected current vocabulary, found legacy ${d.type} (removed with the request-header delta codec; DSH refuses the log)`,
    fallbackReason: (_d: Record<string, never>) => 'expected request/header reason initial, resume or change, found legacy reason "fallback"',
  },
  'LOG-TYPE-1': {
    unknownType: (d: { type: string }) => `expected a known event type or ignorable:true, found unknown type ${JSON.stringify(d.type)}${d.type === 'session' ? ' (a second session header inside the log)' : ''}`,
  },
});

export const vocabularyModule: RuleModule<typeof vocabularyMessages> = {
  name: 'core/vocabulary',
  source: 'log',
  rules: vocabularyRules,
  messages: vocabularyMessages,
  create(ctx) {
    return {
      onEvent(located) {
        const { type } = located.event;
        // Streamed chunks are most of any log, and a known type that is never legacy.
        if (type === 'assistant/chunk') return;
        if (typeof type !== 'string') return; // LOG-ENV-2 reports it
        if (REJECTED_LEGACY_TYPES.has(type)) {
          ctx.report('LOG-LEGACY-1', { event: located, messageId: 'legacyType', data: { type } });
          return;
        }
        if (type === 'request/header' && rec(located.event.data)?.reason === 'fallback') {
          ctx.report('LOG-LEGACY-1', { event: located, messageId: 'fallbackReason', data: {} });
        }
        if (!KNOWN_SESSION_EVENT_TYPES.has(type) && located.event.ignorable !== true) {
          ctx.report('LOG-TYPE-1', { event: located, messageId: 'unknownType', data: { type } });
        }
      },
    };
  },
};
