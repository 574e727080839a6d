import { isRec, rec, type Rec } from '../core/access.js';

/**
 * What a tmux-context reading is and how its parts are read, defensively (a rule never throws on a
 * malformed event).
 */

export const PLUGIN = 'tmux-context';

/** The three-line reading: turn line, then the two-line state block (research §2.3). */
export const READING_FORMAT = /^tmux location \(turn (\d+)\):\nsession .*, window \S+ ".*", pane \S+ %\S*\nwindow active=\S*, pane active=\S*, layout .*$/;

/** A `user/message` whose source claims to come from tmux-context (any shape). */
export function readingMessage(event: { type: string; data: unknown }): Rec | undefined {
  if (event.type !== 'user/message') return undefined;
  const data = rec(event.data);
  const source = rec(data?.source);
  return source?.kind === 'plugin' && source.plugin === PLUGIN ? data : undefined;
}

/** The text of the first block when it is a text block (what DSH compares), else `undefined`. */
export function firstText(message: Rec): string | undefined {
  const content = message.content;
  if (!Array.isArray(content)) return undefined;
  const block = rec(content[0]);
  return block?.type === 'text' && typeof block.text === 'string' ? block.text : undefined;
}

/** The state block of a reading text: after the first newline, `''` when there is none. */
export function stateBlock(text: string): string {
  const newline = text.indexOf('\n');
  return newline === -1 ? '' : text.slice(newline + 1);
}

/** Why the source is not exactly the snapshot form, or `undefined` when it is. */
export function snapshotSourceProblem(source: unknown): string | undefined {
  if (!isRec(source)) return 'the source is not an object';
  const keys = Object.keys(source).sort();
  if (keys.join(',') !== 'form,kind,plugin,sections') return `the source has keys [${keys.join(', ')}], expected exactly [form, kind, plugin, sections]`;
  if (source.form !== 'snapshot') return `source.form is ${JSON.stringify(source.form)}, expected "snapshot"`;
  const sections = source.sections;
  if (!Array.isArray(sections)) return 'source.sections is not an array';
  if (sections.length !== 1) return `source.sections has ${sections.length} entries, expected exactly one`;
  const section = sections[0];
  if (!isRec(section)) return 'source.sections[0] is not an object';
  const sectionKeys = Object.keys(section).sort();
  if (sectionKeys.join(',') !== 'name,text') return `source.sections[0] has keys [${sectionKeys.join(', ')}], expected exactly [name, text]`;
  if (section.name !== PLUGIN) return `source.sections[0].name is ${JSON.stringify(section.name)}, expected "${PLUGIN}"`;
  if (typeof section.text !== 'string') return 'source.sections[0].text is not a string';
  return undefined;
}

/** Why the content is not exactly one `{type:'text', text}` block, or `undefined` when it is. */
export function singleTextProblem(content: unknown): string | undefined {
  if (!Array.isArray(content)) return 'the content is not an array';
  if (content.length !== 1) return `the content has ${content.length} blocks, expected exactly one text block`;
  const block = content[0];
  if (!isRec(block)) return 'the content block is not an object';
  if (block.type !== 'text') return `the content block has type ${JSON.stringify(block.type)}, expected "text"`;
  const keys = Object.keys(block).sort();
  if (keys.join(',') !== 'text,type') return `the text block has keys [${keys.join(', ')}], expected exactly [text, type]`;
  if (typeof block.text !== 'string') return 'the text block has no string text';
  return undefined;
}
