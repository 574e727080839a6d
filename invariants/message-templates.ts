/**
 * Findings as data: a rule reports a message id and the facts (`data`); the words are a template the
 * rule module declares beside its rule metadata, one per message id, rendered in one place
 * (`renderMessage`, messages.ts). Below the engine and the log reader, which both declare templates.
 *
 * `data` is JSON: findings cross worker threads (structured clone) and are written as JSON, and a
 * consumer must be able to render the message again from what it was given. Values read from a log
 * go in as their bounded `show` rendering (the text the message quotes); numbers the rule computed
 * (seqs, counts, sizes) go in as numbers.
 */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** A finding's facts: named JSON values. */
export type MessageData = { readonly [key: string]: JsonValue };

/** The words of one message, from its data. */
export type Template<D extends MessageData = MessageData> = (data: D) => string;

/** Any template, whatever its data type (method syntax: a template of narrower data still fits). */
type AnyTemplate = { template(data: MessageData): string }['template'];

/** Per rule id, per message id: its template. */
export type RuleMessages = { readonly [rule: string]: { readonly [messageId: string]: AnyTemplate } };

/**
 * Declare a module's templates: `defineMessages({ 'LOG-CMP-1': { notNonEmptyString: (d: { field:
 * string; found: string }) => \`…\` } })`. The literal type is kept, so a report naming an undeclared
 * rule or message id, or passing data of another shape, does not compile; data that is not JSON does
 * not fit a template either.
 */
export function defineMessages<const M extends RuleMessages>(messages: M): M {
  return messages;
}

/** The data a template takes. */
export type DataOf<T> = T extends (data: infer D) => string ? D : never;

/** Every message a table declares, as `{ rule, messageId, data }` (what a reader verdict carries). */
export type MessageOf<M extends RuleMessages> = {
  [R in keyof M & string]: { [K in keyof M[R] & string]: { rule: R; messageId: K; data: DataOf<M[R][K]> } }[keyof M[R] & string];
}[keyof M & string];

/** Templates by rule id, across modules. */
export type MessageCatalog = ReadonlyMap<string, RuleMessages[string]>;

export function catalogOf(tables: Iterable<RuleMessages>): MessageCatalog {
  const out = new Map<string, RuleMessages[string]>();
  for (const table of tables) for (const [rule, templates] of Object.entries(table)) out.set(rule, templates);
  return out;
}
