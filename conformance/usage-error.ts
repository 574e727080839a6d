/**
 * A mistake in how the kit was called (a bad flag, an unreadable expected-failures file): printed
 * without a stack trace, exit code 2. Below the CLI and the runner, which both raise it.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const EXIT = { ok: 0, failures: 1, usage: 2, internal: 3 } as const;
