import { describe, expect, it } from 'vitest';
import { runHelp } from './commands/run.js';
import { parseRevision } from './revision-option.js';
import { UsageError } from './usage-error.js';

describe('--revision and its alias --spec', () => {
  it('default to 2026-08 and accept either name', () => {
    expect(parseRevision({})).toBe('2026-08');
    expect(parseRevision({ revision: '2026-07' })).toBe('2026-07');
    expect(parseRevision({ spec: '2026-07' })).toBe('2026-07');
    expect(parseRevision({ revision: '2026-07', spec: '2026-07' })).toBe('2026-07');
  });

  it('name the flag the user gave in the error, and refuse two that disagree', () => {
    expect(() => parseRevision({ revision: '2025-01' })).toThrow(new UsageError('--revision must be one of 2026-08, 2026-07, got "2025-01"'));
    expect(() => parseRevision({ spec: '2025-01' })).toThrow(new UsageError('--spec must be one of 2026-08, 2026-07, got "2025-01"'));
    expect(() => parseRevision({ revision: '2026-08', spec: '2026-07' })).toThrow(UsageError);
  });

  it('run --help documents --revision and names --spec as its alias', () => {
    expect(runHelp).toMatch(/^  --revision REVISION {9}spec revision to judge against: 2026-08 \| 2026-07 \(default 2026-08\)$/m);
    expect(runHelp).toMatch(/^ {30}\(--spec REVISION is an alias, the 0\.1 name\)$/m);
  });
});
