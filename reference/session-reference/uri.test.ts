import * as upstream from '@deepseek-ai/dsh-session-reference';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeSessionReferenceUri, encodeSessionReferenceUri, formatSessionReferenceMention, parseSessionReferenceText } from './uri.js';

/** Full Unicode (astral code points) and raw UTF-16 units (lone surrogates included). */
const anyString = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }));

/** What a call did, comparable across implementations: the value, or the error's name, code and message. */
function outcome<T>(fn: () => T): { ok: T } | { error: { name: string; code?: unknown; message: string } } {
  try {
    return { ok: fn() };
  } catch (e) {
    const error = e as Error & { code?: unknown };
    return { error: { name: error.name, code: error.code, message: error.message } };
  }
}

describe('dsh-session: URIs', () => {
  it('round-trip every string, and the encoding matches upstream', () => {
    fc.assert(
      fc.property(anyString, (id) => {
        const uri = encodeSessionReferenceUri(id);
        expect(uri).toBe(upstream.encodeSessionReferenceUri(id as never));
        expect(uri).toMatch(/^dsh-session:[A-Za-z0-9_-]+$/);
        // Lone surrogates become U+FFFD-free JSON escapes, so even they survive.
        expect(decodeSessionReferenceUri(uri)).toBe(id);
      }),
      { seed: 7, numRuns: 500 },
    );
  });

  it('accept exactly one spelling per id: aliases in the unused trailing bits are rejected', () => {
    fc.assert(
      fc.property(anyString, fc.integer({ min: 0, max: 63 }), (id, alt) => {
        const uri = encodeSessionReferenceUri(id);
        const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
        const alias = uri.slice(0, -1) + alphabet[alt];
        const ours = outcome(() => decodeSessionReferenceUri(alias));
        expect(ours).toEqual(outcome(() => upstream.decodeSessionReferenceUri(alias)));
        if (alias !== uri) expect(ours).toMatchObject({ error: { code: 'SESSION_REFERENCE_INVALID_REFERENCE', message: `invalid session reference URI ${JSON.stringify(alias)}` } });
      }),
      { seed: 8, numRuns: 300 },
    );
  });

  it('reject the malformed inputs of upstream test 2 with INVALID_REFERENCE', () => {
    const nonString = `dsh-session:${Buffer.from(JSON.stringify({ id: 'x' })).toString('base64url')}`;
    for (const bad of ['https://example.test', 'dsh-session:IiJ', 'dsh-session:', 'dsh-session:%%%', nonString]) {
      expect(outcome(() => decodeSessionReferenceUri(bad))).toEqual({ error: { name: 'SessionReferenceError', code: 'SESSION_REFERENCE_INVALID_REFERENCE', message: `invalid session reference URI ${JSON.stringify(bad)}` } });
    }
    expect(() => parseSessionReferenceText('see dsh-session:IiJ')).toThrow(/invalid session reference URI/);
    expect(() => parseSessionReferenceText('@[bad](dsh-session:%%%)')).toThrow(/invalid session reference URI/);
  });
});

describe('mentions', () => {
  it('format then parse gives back the id and label, and the readable text is "@label"', () => {
    fc.assert(
      fc.property(anyString, fc.option(anyString, { nil: undefined }), (sessionId, label) => {
        const text = formatSessionReferenceMention({ sessionId, label });
        expect(text).toBe(upstream.formatSessionReferenceMention({ sessionId: sessionId as never, label }));
        const parsed = parseSessionReferenceText(`before ${text} after`);
        expect(parsed.references).toEqual([{ sessionId, label: label ?? sessionId }]);
        expect(parsed.text).toBe(`before @${label ?? sessionId} after`);
      }),
      { seed: 9, numRuns: 300 },
    );
  });

  it('parse arbitrary texts exactly like upstream (results and errors)', () => {
    const piece = fc.oneof(
      anyString,
      fc.constantFrom('dsh-session:', 'dsh-session: ', 'dsh-session:%%%', 'dsh-session:IiJ', '@[', '](', ')', '\\', ']', '`', '.', '@[x](https://e.test)', '@[a\\]b](dsh-session:InNvdXJjZSI)'),
      anyString.map((id) => encodeSessionReferenceUri(id)),
      fc.tuple(anyString, anyString).map(([id, label]) => formatSessionReferenceMention({ sessionId: id, label })),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }), (pieces) => {
        const text = pieces.join('');
        expect(outcome(() => parseSessionReferenceText(text))).toEqual(outcome(() => upstream.parseSessionReferenceText(text)));
      }),
      { seed: 10, numRuns: 500 },
    );
  });

  it('keeps non-references and punctuation as text (upstream test 1)', () => {
    const id = 'unicode/引号"/slash\\/line\n';
    const uri = encodeSessionReferenceUri(id);
    expect(parseSessionReferenceText(`see ${uri}. and \`${uri}\``).text).toBe(`see @${id}. and \`@${id}\``);
    expect(parseSessionReferenceText('what is a dsh-session: URI?')).toEqual({ text: 'what is a dsh-session: URI?', references: [] });
    expect(formatSessionReferenceMention({ sessionId: id, label: '源]会话' })).toBe(`@[源\\]会话](${uri})`);
  });
});
