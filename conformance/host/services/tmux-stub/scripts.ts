import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Stub `tmux` and `ps` programs for the shell-under-test. They answer from `DSH_STUB_*` environment
 * variables that the shell service derives from a scenario's `TmuxState`, so a plugin's *real* command
 * runs unmodified under `bash -c` and sees a controlled world: in tmux or not, which pane `$TMUX_PANE`
 * names, the pane's tty, this process's tty.
 *
 * They are kept as text here and written to a private temporary directory on first use (rather than
 * shipped as files) so the compiled kit carries them without a packaging step.
 *
 * Environment read by the stubs:
 * - `DSH_STUB_AGENT_PID`: the only pid `ps` knows; `DSH_STUB_PROCESS_TTY` is its tty (`?` when none).
 * - `DSH_STUB_SERVER`: `1` when a tmux server is reachable.
 * - `DSH_STUB_PANES`: pane count; `DSH_STUB_PANE_<i>_<FIELD>` for each pane (FIELD = PANE_ID, PANE_TTY,
 *   SESSION_NAME, WINDOW_INDEX, WINDOW_NAME, PANE_INDEX, WINDOW_ACTIVE, PANE_ACTIVE, WINDOW_LAYOUT).
 * - `DSH_STUB_UNSUPPORTED`: space-separated format names this tmux does not know (they expand to '').
 */

/** `ps -o tty= -p <pid>`: the tty column for the agent pid, nothing and exit 1 for any other pid. */
const PS = `#!/usr/bin/env bash
# Stub ps (dsh-ctx-conform): answers only "ps -o tty= -p <pid>".
fmt=; pid=
while [ $# -gt 0 ]; do
  case "$1" in
    -o) fmt=$2; shift 2 ;;
    -p) pid=$2; shift 2 ;;
    *) echo "stub ps: unsupported argument: $1" >&2; exit 1 ;;
  esac
done
if [ "$fmt" != "tty=" ]; then echo "stub ps: unsupported format: $fmt" >&2; exit 1; fi
if [ -z "$pid" ] || [ "$pid" != "$DSH_STUB_AGENT_PID" ]; then exit 1; fi
printf '%-8s\\n' "\${DSH_STUB_PROCESS_TTY:-?}"
`;

/**
 * \`tmux display-message [-t target] -p format\`: finds the pane by id and expands \`#{name}\` once,
 * left to right (values are never re-expanded, as in tmux; unknown names expand to nothing).
 */
const TMUX = `#!/usr/bin/env bash
# Stub tmux (dsh-ctx-conform): answers only "display-message [-t pane] -p format".
if [ "\${DSH_STUB_SERVER:-0}" != 1 ]; then
  echo "no server running on /tmp/tmux-$(id -u)/default" >&2
  exit 1
fi
command=$1; shift
case "$command" in
  display-message|display) ;;
  *) echo "stub tmux: unsupported command: $command" >&2; exit 1 ;;
esac
target=; print=0; format=
while [ $# -gt 0 ]; do
  case "$1" in
    -t) target=$2; shift 2 ;;
    -p) print=1; shift ;;
    -*) echo "stub tmux: unsupported flag: $1" >&2; exit 1 ;;
    *) format=$1; shift ;;
  esac
done
if [ -z "$target" ]; then
  if [ -z "$TMUX_PANE" ]; then echo "no current client" >&2; exit 1; fi
  target=$TMUX_PANE
fi
pane=
i=0
while [ "$i" -lt "\${DSH_STUB_PANES:-0}" ]; do
  id_var="DSH_STUB_PANE_\${i}_PANE_ID"
  if [ "\${!id_var}" = "$target" ]; then pane=$i; break; fi
  i=$((i + 1))
done
if [ -z "$pane" ]; then echo "can't find pane: $target" >&2; exit 1; fi
if [ "$print" != 1 ]; then exit 0; fi
value() {
  case " $DSH_STUB_UNSUPPORTED " in *" $1 "*) return ;; esac
  local var
  case "$1" in
    pane_id|pane_tty|session_name|window_index|window_name|pane_index|window_active|pane_active|window_layout)
      var="DSH_STUB_PANE_\${pane}_\${1^^}"
      printf '%s' "\${!var}" ;;
  esac
}
out=
rest=$format
while [[ $rest == *'#{'*'}'* ]]; do
  out+=\${rest%%'#{'*}
  rest=\${rest#*'#{'}
  name=\${rest%%'}'*}
  rest=\${rest#*'}'}
  out+=$(value "$name"; printf x)
  out=\${out%x}
done
out+=$rest
printf '%s\\n' "$out"
`;

let directory: string | undefined;

/** The directory holding the stub `tmux` and `ps` (created once per process, removed at exit). */
export function stubBinDirectory(): string {
  if (directory !== undefined) return directory;
  const dir = mkdtempSync(join(tmpdir(), 'dsh-ctx-conform-tmux-stub-'));
  for (const [file, text] of [['tmux', TMUX], ['ps', PS]] as const) {
    writeFileSync(join(dir, file), text);
    chmodSync(join(dir, file), 0o755);
  }
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  directory = dir;
  return dir;
}
