import Upstream from '@deepseek-ai/dsh-session-reference';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Config, resolveConstructorConfig } from './config.js';

function outcome(fn: () => unknown): unknown {
  try {
    return { ok: fn() };
  } catch (e) {
    const error = e as Error & { code?: unknown };
    return { error: { name: error.name, code: error.code, message: error.message, isTypeError: error instanceof TypeError } };
  }
}

const number = fc.oneof(
  fc.integer({ min: -5, max: 70_000 }),
  fc.double({ noNaN: false }),
  fc.constantFrom(0, 1, 3, 4, 1.5, 2 ** 53, 2 ** 60, Number.NaN, Infinity, -Infinity, -0, 1e21, 0.1 + 0.2),
);
const fieldValue = fc.oneof(number, fc.constantFrom(undefined, null, '2', true, [], {}));
const config = fc.oneof(
  fc.record({ maxReferences: fieldValue, candidateLimit: fieldValue, maxReferenceBytes: fieldValue, extra: fc.constantFrom(undefined, 'kept') }, { requiredKeys: [] }),
  fc.constantFrom(undefined, null, 5, 'x', [], true),
);

describe('Config (load-time schema)', () => {
  it('accepts, defaults and rejects exactly like upstream\'s schemastery schema, with the same messages', () => {
    fc.assert(
      fc.property(config, (input) => {
        expect(outcome(() => Config(structuredClone(input)))).toEqual(outcome(() => (Upstream as unknown as { Config(c: unknown): unknown }).Config(structuredClone(input))));
      }),
      { seed: 11, numRuns: 1000 },
    );
  });

  it('defaults to 3 / 50 / 65536', () => {
    expect(Config({})).toEqual({ maxReferences: 3, candidateLimit: 50, maxReferenceBytes: 65_536 });
  });
});

describe('constructor re-check', () => {
  it('rejects non-positive, unsafe and fractional values and more than three references (upstream test 16)', () => {
    expect(() => resolveConstructorConfig({ maxReferences: 0 })).toThrow(expect.objectContaining({ code: 'SESSION_REFERENCE_INVALID_CONFIG', message: 'session-reference: maxReferences must be a positive safe integer' }));
    expect(() => resolveConstructorConfig({ maxReferences: 4 })).toThrow(expect.objectContaining({ code: 'SESSION_REFERENCE_INVALID_CONFIG', message: 'session-reference: maxReferences must not exceed 3' }));
    expect(() => resolveConstructorConfig({ maxReferenceBytes: 2 ** 60 })).toThrow('session-reference: maxReferenceBytes must be a positive safe integer');
    expect(() => resolveConstructorConfig({ candidateLimit: 1.5 })).toThrow('session-reference: candidateLimit must be a positive safe integer');
    expect(resolveConstructorConfig({})).toEqual({ maxReferences: 3, candidateLimit: 50, maxReferenceBytes: 65_536 });
  });
});
