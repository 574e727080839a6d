import { xmlSafe } from '../../invariants/text/safe-text.js';

/**
 * Terminal styling that honours NO_COLOR (no-color.org), FORCE_COLOR and TTY detection. The one colour
 * decider of the kit: `run`, `fixtures` and `check` all ask it.
 */

/** NO_COLOR (non-empty) wins, then FORCE_COLOR (non-"0", non-"false"), then whether the stream is a terminal. */
export function useColor(env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return isTTY;
}

export function colorEnabled(stream: NodeJS.WriteStream | undefined): boolean {
  return useColor(process.env, Boolean(stream?.isTTY));
}

export interface Style {
  red(s: string): string;
  green(s: string): string;
  yellow(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
  cyan(s: string): string;
}

export function makeStyle(enabled: boolean): Style {
  const wrap = (open: number, close: number) => (s: string) => (enabled ? `\u001b[${open}m${s}\u001b[${close}m` : s);
  return { red: wrap(31, 39), green: wrap(32, 39), yellow: wrap(33, 39), dim: wrap(2, 22), bold: wrap(1, 22), cyan: wrap(36, 39) };
}

/** XML escaping is the one of invariants/text/safe-text.ts (what XML 1.0 cannot carry is shown, not dropped). */
export const xmlEscape = xmlSafe;
