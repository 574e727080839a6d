import { locationCommand } from './command.js';
import { parseLocation, type TmuxLocation } from './location.js';

/**
 * Running the location query through the host's `shell` executor.
 *
 * The location is optional context, so nothing here may fail a turn: an executor that throws (a policy
 * denial at `resolve`, a spawn failure at `run`) is reported as one warning and yields no location.
 * Everything else that goes wrong (non-zero exit, odd output) is an ordinary "not in tmux" answer and
 * is silent.
 */

/** The slice of DSH's `ShellExecutor` this source uses (`start()` is never called). */
export interface ShellExecutorLike {
  resolve(request: { command: string; signal?: AbortSignal }): unknown;
  run(resolved: unknown): Promise<{ exitCode: number | null; stdout: { text: string } }> | { exitCode: number | null; stdout: { text: string } };
}

export interface WarnLogger {
  warn(message: string): void;
}

export async function queryTmuxLocation(
  shell: ShellExecutorLike,
  logger: WarnLogger,
  pid: number,
  signal: AbortSignal,
): Promise<TmuxLocation | undefined> {
  const command = locationCommand(pid);
  let result: Awaited<ReturnType<ShellExecutorLike['run']>>;
  try {
    result = await shell.run(shell.resolve({ command, signal }));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    logger.warn(`tmux location query failed: ${reason}; injecting no location this turn`);
    return undefined;
  }
  if (result.exitCode !== 0) return undefined;
  return parseLocation(result.stdout.text);
}
