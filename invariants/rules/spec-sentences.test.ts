import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleIndex, specRefFor, type RuleMeta } from '../engine.js';
import { readerRules } from '../log/reader-rules.js';
import { allRuleModules } from './index.js';

/**
 * One test for every rule module (it replaces a copy per module): each rule id has its own heading in
 * the spec document its meta names, and that section carries the rule's severity and its normative
 * sentence word for word. The sentence in the meta is what reports quote; drift from the spec
 * document would have them quote something the spec does not say.
 */
const root = join(import.meta.dirname, '..', '..');
const docs = new Map<string, string>();
const doc = (path: string): string => {
  if (!docs.has(path)) docs.set(path, readFileSync(join(root, path), 'utf8'));
  return docs.get(path)!;
};

/** The section of `id` in its document: from its `### ID:` heading to the next heading. */
export function ruleSection(text: string, id: string): string | undefined {
  const start = text.search(new RegExp(`^#{2,4} ${id}(:|\\b)`, 'm'));
  if (start < 0) return undefined;
  const body = text.indexOf('\n', start) + 1;
  const next = text.slice(body).search(/^#{1,4} /m);
  return next < 0 ? text.slice(start) : text.slice(start, body + next);
}

const everyRule: Array<[string, RuleMeta & { module: string }]> = [
  ...[...ruleIndex(allRuleModules)].map(([id, meta]) => [id, meta] as [string, RuleMeta & { module: string }]),
  ...Object.entries(readerRules).map(([id, meta]) => [id, { ...meta, module: 'log/reader' }] as [string, RuleMeta & { module: string }]),
];

describe('every rule is written down in its spec document', () => {
  it('covers every module', () => {
    expect(new Set(everyRule.map(([, m]) => m.doc))).toEqual(new Set(['spec/log.md', 'spec/time-context.md', 'spec/tmux-context.md', 'spec/agent-instructions.md', 'spec/session-reference.md', 'spec/contributor.md']));
  });

  it.each(everyRule)('%s: heading, severity and the MUST sentence word for word', (id, meta) => {
    const section = ruleSection(doc(meta.doc), id);
    expect(section, `${meta.doc} has no heading for ${id}`).toBeDefined();
    // Block quotes may wrap a sentence over `> ` lines; whitespace is not part of the words.
    const flat = section!.replace(/\n>\s?/g, '\n').replace(/\s+/g, ' ');
    expect(flat, `${id} severity`).toMatch(new RegExp(`severity:? [\`*]*${meta.severity}[\`*]*`, 'i'));
    expect(flat, `${id} sentence`).toContain(meta.must.replace(/\s+/g, ' '));
    expect(specRefFor(id, meta)).toBe(`${meta.doc}#${id.toLowerCase()}`);
  });
});
