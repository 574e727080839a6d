import { SessionReferenceError } from './config.js';

/**
 * Cancellation: a turn abort must end preparation promptly even when storage never answers, so every
 * host read is raced against the signal. The CANCELLED error keeps the abort reason as its cause.
 */

export function cancelledError(signal: AbortSignal): SessionReferenceError {
  return new SessionReferenceError('session reference preparation was cancelled', 'SESSION_REFERENCE_CANCELLED', { cause: signal.reason });
}

export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw cancelledError(signal);
}

/**
 * Settle with `work`, or reject with CANCELLED as soon as `signal` aborts (also when it already has).
 * A non-Error rejection of `work` becomes an Error carrying its string form, so callers can always
 * read `.message`. Without a signal the work is returned untouched.
 */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return work;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancelledError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
    if (signal.aborted) onAbort();
  });
}
