import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { terminalSafe, xmlSafe } from './safe-text.js';

describe('terminalSafe', () => {
  it('makes ANSI, OSC and bidi sequences visible', () => {
    expect(terminalSafe('\u001b[2K\u001b[1A✓ ok')).toBe('\\x1b[2K\\x1b[1A✓ ok');
    expect(terminalSafe('\u001b]0;title\u0007')).toBe('\\x1b]0;title\\x07');
    expect(terminalSafe('a\u202eb')).toBe('a\\u202eb');
    expect(terminalSafe('\ufeffhello')).toBe('\\ufeffhello');
    expect(terminalSafe('\u009b31m')).toBe('\\x9b31m');
  });
  it('keeps layout only when asked', () => {
    expect(terminalSafe('a\nb\tc')).toBe('a\\x0ab\\x09c');
    expect(terminalSafe('a\nb\tc', { multiline: true })).toBe('a\nb\tc');
  });
  it('never lets a control, bidi or lone surrogate through, for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const out = terminalSafe(s, { multiline: true });
        expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/);
        expect(out).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
      }),
    );
  });
});

describe('xmlSafe', () => {
  it('escapes markup and writes forbidden characters visibly', () => {
    expect(xmlSafe(`<a b="c">&'</a>`)).toBe('&lt;a b=&quot;c&quot;&gt;&amp;&apos;&lt;/a&gt;');
    expect(xmlSafe('x\u0000y\u001b')).toBe('x\\x00y\\x1b');
  });
});
