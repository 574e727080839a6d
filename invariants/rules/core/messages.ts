import type { RuleMeta, RuleModule } from '../../engine.js';
import { isRec, nonEmptyString, rec, show } from './access.js';
import { defineMessages } from '../../message-templates.js';

const doc = 'spec/log.md';

/**
 * Message and request-header shapes that DSH validates on every load (`assertMessageEventShape`,
 * `assertCurrentLlmShape`): the minimum a message must have for history to be derived from it.
 */
export const messageRules = {
  'LOG-MSG-1': {
    severity: 'error',
    title: 'Identified messages',
    must: 'The message of a user/message (its data), assistant/message or tool/result (data.message) MUST have a non-empty string `id`, role "assistant" on assistant/message and "user" otherwise, a `source` whose `kind` is a non-empty string, and an array `content`.',
    doc,
  },
  'LOG-MSG-2': {
    severity: 'error',
    title: 'Assistant messages come from a model',
    must: 'An assistant/message MUST have source.kind "model" with non-empty string `provider` and `model`.',
    doc,
  },
  'LOG-MSG-3': {
    severity: 'error',
    title: 'Tool results are one tool-result block',
    must: 'A tool/result message MUST have source {kind:"tool", callId} with a non-empty callId, and content of exactly one `tool-result` block whose `content` is an array and whose `toolCallId` equals source.callId.',
    doc,
  },
  'LOG-REQ-1': {
    severity: 'error',
    title: 'Request headers name provider and model',
    must: 'A request/header MUST have header.config with non-empty string `provider` and `model`; config.reasoningEffort, when present, MUST be a non-empty string; header.adapterDefaults, when present, MUST only mark (with `true`) reasoningEffort or maxTokens fields that config actually has.',
    doc,
  },
} as const satisfies Record<string, RuleMeta>;

const VISITED_TYPES: ReadonlySet<string> = new Set(['request/header', 'user/message', 'assistant/message', 'tool/result']);

const hasProviderModel = (v: unknown): boolean => isRec(v) && nonEmptyString(v.provider) && nonEmptyString(v.model);

/** Values read from the log are their `show` rendering. */
export const messageMessages = defineMessages({
  'LOG-REQ-1': {
    noProviderModel: (d: { found: string }) => `expected header.config with non-empty provider and model, found ${d.found}`,
    reasoningEffort: (d: { found: string }) => `expected config.reasoningEffort to be a non-empty string, found ${d.found}`,
    adapterDefaults: (d: { found: string }) => `expected adapterDefaults to mark only present config fields reasoningEffort/maxTokens with true, found ${d.found}`,
  },
  'LOG-MSG-1': {
    notMessageObject: (d: { where: string; found: string }) => `expected ${d.where} to be a message object, found ${d.found}`,
    notIdentified: (d: { type: string; problems: Array<{ field: string; found: string; expected: string }> }) =>
      `${d.type} message is not identified: ${d.problems.map((p) => `${p.field} ${p.found} (expected ${p.expected})`).join('; ')}`,
  },
  'LOG-MSG-2': {
    assistantSource: (d: { found: string }) => `expected assistant source {kind:"model", provider, model} with non-empty provider and model, found ${d.found}`,
  },
  'LOG-MSG-3': {
    toolSource: (d: { found: string }) => `expected tool result source {kind:"tool", callId} with a non-empty callId, found ${d.found}`,
    toolResultBlock: (d: { blocks: number; first: string }) => `expected exactly one tool-result block with array content, found ${d.blocks} block(s) starting with ${d.first}`,
    toolCallId: (d: { expected: string; found: string }) => `expected tool-result toolCallId to equal source.callId ${d.expected}, found ${d.found}`,
  },
});

export const messageModule: RuleModule<typeof messageMessages> = {
  name: 'core/messages',
  source: 'log',
  rules: messageRules,
  messages: messageMessages,
  create(ctx) {
    return {
      eventTypes: VISITED_TYPES,
      onEvent(located) {
        const { type } = located.event;
        const data = rec(located.event.data);
        if (type === 'request/header') {
          const header = rec(data?.header);
          const config = rec(header?.config);
          if (!hasProviderModel(config)) {
            ctx.report('LOG-REQ-1', { event: located, messageId: 'noProviderModel', data: { found: show(header?.config) } });
            return;
          }
          const effort = config!.reasoningEffort;
          if (effort !== undefined && !nonEmptyString(effort)) ctx.report('LOG-REQ-1', { event: located, messageId: 'reasoningEffort', data: { found: show(effort) } });
          const defaults = header!.adapterDefaults;
          if (defaults !== undefined) {
            const d = rec(defaults);
            const valid =
              d !== undefined &&
              Object.keys(d).every((k) => (k === 'reasoningEffort' || k === 'maxTokens') && d[k] === true && config![k] !== undefined);
            if (!valid) ctx.report('LOG-REQ-1', { event: located, messageId: 'adapterDefaults', data: { found: show(defaults) } });
          }
          return;
        }
        if (type !== 'user/message' && type !== 'assistant/message' && type !== 'tool/result') return;
        const message = type === 'user/message' ? data : rec(data?.message);
        const where = type === 'user/message' ? 'data' : 'data.message';
        if (message === undefined) {
          ctx.report('LOG-MSG-1', { event: located, messageId: 'notMessageObject', data: { where, found: show(type === 'user/message' ? located.event.data : data?.message) } });
          return;
        }
        const problems: Array<{ field: string; found: string; expected: string }> = [];
        if (!nonEmptyString(message.id)) problems.push({ field: 'id', found: show(message.id), expected: 'a non-empty string' });
        const role = type === 'assistant/message' ? 'assistant' : 'user';
        if (message.role !== role) problems.push({ field: 'role', found: show(message.role), expected: `"${role}"` });
        const source = rec(message.source);
        if (!nonEmptyString(source?.kind)) problems.push({ field: 'source', found: show(message.source), expected: 'a non-empty kind' });
        if (!Array.isArray(message.content)) problems.push({ field: 'content', found: show(message.content), expected: 'an array' });
        if (problems.length > 0) {
          ctx.report('LOG-MSG-1', { event: located, messageId: 'notIdentified', data: { type, problems } });
          return;
        }
        if (type === 'assistant/message') {
          if (source!.kind !== 'model' || !hasProviderModel(source)) {
            ctx.report('LOG-MSG-2', { event: located, messageId: 'assistantSource', data: { found: show(source) } });
          }
          return;
        }
        if (type !== 'tool/result') return;
        if (source!.kind !== 'tool' || !nonEmptyString(source!.callId)) {
          ctx.report('LOG-MSG-3', { event: located, messageId: 'toolSource', data: { found: show(source) } });
          return;
        }
        const content = message.content as unknown[];
        const block = rec(content[0]);
        if (content.length !== 1 || block?.type !== 'tool-result' || !Array.isArray(block.content)) {
          ctx.report('LOG-MSG-3', { event: located, messageId: 'toolResultBlock', data: { blocks: content.length, first: show(content[0], 60) } });
          return;
        }
        if (block.toolCallId !== source!.callId) {
          ctx.report('LOG-MSG-3', { event: located, messageId: 'toolCallId', data: { expected: show(source!.callId), found: show(block.toolCallId) } });
        }
      },
    };
  },
};
