import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ruleIndex } from '../../engine.js';
import { allRuleModules } from '../index.js';
import { LOG_DECIDABLE, contributorRules } from './catalog.js';

describe('contributor rule catalog', () => {
  const doc = readFileSync(fileURLToPath(new URL('../../../spec/contributor.md', import.meta.url)), 'utf8');
  it.each(Object.entries(contributorRules))('%s is written in spec/contributor.md with its MUST sentence', (id, meta) => {
    expect(id).toMatch(/^CTX-[A-Z]+-\d+$/);
    expect(doc).toContain(`### ${id}: ${meta.title}`);
    expect(doc).toContain(meta.must);
  });
  it('the log-decidable rules are registered for check', () => {
    const index = ruleIndex(allRuleModules);
    for (const id of LOG_DECIDABLE) expect(index.get(id)?.source).toBe('contributor');
  });
});
