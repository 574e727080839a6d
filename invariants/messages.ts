import { catalogOf, type MessageCatalog, type MessageData } from './message-templates.js';
import { allRuleModules } from './rules/index.js';

export { defineMessages, catalogOf, type DataOf, type JsonValue, type MessageCatalog, type MessageData, type MessageOf, type RuleMessages, type Template } from './message-templates.js';

/** The templates of every rule the kit knows (the reader's and the engine's included). */
export const MESSAGE_CATALOG: MessageCatalog = catalogOf(allRuleModules.map((m) => m.messages));

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
