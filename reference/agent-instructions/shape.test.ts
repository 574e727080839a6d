import { describe, expect, it } from 'vitest';
import * as reference from './index.js';

describe('reference agent-instructions module shape', () => {
  it('exports what the published package exports: no inject, no default', async () => {
    const upstream = await import('@deepseek-ai/dsh-agent-instructions');
    expect(Object.keys(reference).sort()).toEqual(Object.keys(upstream).sort());
    expect('inject' in reference).toBe(false);
    expect('default' in reference).toBe(false);
    expect(reference.name).toBe('agent-instructions');
  });
});
