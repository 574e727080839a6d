/** A mistake in how the command was called: printed without a stack trace, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const EXIT = { ok: 0, failures: 1, usage: 2, internal: 3 } as const;
