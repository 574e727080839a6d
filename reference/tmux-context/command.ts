/**
 * The one shell command tmux-context runs, byte for byte what DSH runs.
 *
 * `$TMUX_PANE` alone proves nothing: a terminal started from a tmux shell (a VS Code integrated
 * terminal, a desktop launcher) inherits `$TMUX`/`$TMUX_PANE` from its ancestor. So the command first
 * asks `ps` for this process's controlling tty and asks tmux for the named pane's `#{pane_tty}`, and
 * prints the location only when the two are the same device. Any mismatch or missing piece is
 * `exit 1`, which the plugin treats as "not in tmux".
 */

/** The tmux format fields, in output order. */
export const TMUX_FIELDS = [
  '#{session_name}',
  '#{window_index}',
  '#{window_name}',
  '#{pane_index}',
  '#{pane_id}',
  '#{window_active}',
  '#{pane_active}',
  '#{window_layout}',
] as const;

/**
 * The field separator: the two characters backslash and `t`, not a TAB. tmux copies it through
 * unexpanded, and the output is split on the same two characters, so no raw whitespace ever has to
 * live inside the command.
 */
export const FIELD_SEPARATOR = '\\t';

/** The command for process `pid` (DSH embeds `process.pid`), lines joined with `\n`. */
export function locationCommand(pid: number): string {
  const format = TMUX_FIELDS.join(FIELD_SEPARATOR);
  return [
    '[ -n "$TMUX_PANE" ] || exit 1',
    `self_tty=$(ps -o tty= -p ${pid} | tr -d ' ')`,
    '[ -n "$self_tty" ] || exit 1',
    `pane_tty=$(tmux display-message -t "$TMUX_PANE" -p '#{pane_tty}') || exit 1`,
    '[ "$pane_tty" = "/dev/$self_tty" ] || exit 1',
    `exec tmux display-message -t "$TMUX_PANE" -p '${format}'`,
  ].join('\n');
}
