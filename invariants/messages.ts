import { catalogOf, type JsonValue, type MessageCatalog, type MessageData } from './message-templates.js';
import { show } from './text/show.js';
import { allRuleModules } from './rules/index.js';

export { defineMessages, catalogOf, type DataOf, type JsonValue, type MessageCatalog, type MessageData, type MessageOf, type RuleMessages, type Template } from './message-templates.js';

/** The templates of every rule the kit knows (the reader's and the engine's included). */
export const MESSAGE_CATALOG: MessageCatalog = catalogOf(allRuleModules.map((m) => m.messages));

/**
 * A finding's data exactly as JSON will carry it: -0 becomes 0, a non-finite number its text
 * (`Infinity`, `NaN`), an undefined member is left out. A template interpolating the result writes
 * the same words as from the original, and a consumer rendering from the JSON gets them too.
 */
export function jsonData(data: MessageData): MessageData {
  return jsonValue(data) as MessageData;
}

/**
 * Data nests a few levels (a list of {rule, seq}); deeper than this it can only be a raw value from
 * the log that a rule passed on, and it becomes its bounded rendering instead of overflowing the stack.
 */
const MAX_DATA_DEPTH = 16;

function jsonValue(value: unknown, depth = 0): JsonValue {
  if (typeof value === 'number') return Number.isFinite(value) ? (Object.is(value, -0) ? 0 : value) : String(value);
  if (typeof value !== 'object' || value === null) return value as JsonValue;
  if (depth >= MAX_DATA_DEPTH) return show(value);
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : jsonValue(v, depth + 1)));
  const out: Record<string, JsonValue> = {};
  for (const [key, v] of Object.entries(value)) if (v !== undefined) out[key] = jsonValue(v, depth + 1);
  return out;
}

/** What a finding says, as its fields: the message id, the data as JSON carries it, and the words rendered from that data. */
export function findingMessage(rule: string, messageId: string, data: MessageData, catalog: MessageCatalog = MESSAGE_CATALOG): { messageId: string; data: MessageData; message: string } {
  const json = jsonData(data);
  return { messageId, data: json, message: renderMessage(rule, messageId, json, catalog) };
}

/**
 * The one place a finding's `message` is made: the template its rule declares for `messageId`,
 * applied to `data`. The engine passes the catalog of the modules it runs (which may include modules
 * the kit does not ship); everything else uses the kit's.
 */
export function renderMessage(rule: string, messageId: string, data: MessageData, catalog: MessageCatalog = MESSAGE_CATALOG): string {
  const template = catalog.get(rule)?.[messageId];
  if (template === undefined) throw new Error(`internal: rule ${rule} has no message template ${JSON.stringify(messageId)}`);
  return template(data);
}
