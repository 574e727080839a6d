import { FIELD_SEPARATOR, TMUX_FIELDS } from './command.js';

/**
 * Parsing the query's output and rendering a reading.
 *
 * A reading is three lines: the turn line, then a two-line *state block*. Only the state block is
 * compared for change suppression, so a new turn alone never causes a new reading.
 */

export interface TmuxLocation {
  sessionName: string;
  windowIndex: string;
  windowName: string;
  paneIndex: string;
  paneId: string;
  windowActive: string;
  paneActive: string;
  windowLayout: string;
}

/** The first line of stdout split on the literal `\t`; `undefined` unless exactly 8 fields and a pane id. */
export function parseLocation(stdout: string): TmuxLocation | undefined {
  const parts = stdout.split('\n', 1)[0].split(FIELD_SEPARATOR);
  if (parts.length !== TMUX_FIELDS.length) return undefined;
  const [sessionName, windowIndex, windowName, paneIndex, paneId, windowActive, paneActive, windowLayout] = parts;
  if (paneId.length === 0) return undefined;
  return { sessionName, windowIndex, windowName, paneIndex, paneId, windowActive, paneActive, windowLayout };
}

/** The two-line state block. The window name is JSON-quoted because it is free text (spaces, quotes). */
export function renderState(l: TmuxLocation): string {
  return (
    `session ${l.sessionName}, window ${l.windowIndex} ${JSON.stringify(l.windowName)}, pane ${l.paneIndex} ${l.paneId}\n` +
    `window active=${l.windowActive}, pane active=${l.paneActive}, layout ${l.windowLayout}`
  );
}

/** The whole reading text: the turn line, then the state block. */
export function renderReading(state: string, turn: number): string {
  return `tmux location (turn ${turn}):\n${state}`;
}

/** The state block of a reading's text: everything after the first newline (`''` when there is none). */
export function stateOfReading(text: string): string {
  const newline = text.indexOf('\n');
  return newline === -1 ? '' : text.slice(newline + 1);
}
