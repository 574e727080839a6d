import { casesOf, fx } from './case.js';

export const tmuxContextCases = casesOf('tmux-context', 'tests/tmux-context.spec.ts', [
  ['injects the tmux location on the first step of a turn', fx('injects the tmux location on the first step of a turn')],
  ['queries the pane this process runs in and matches its controlling tty', fx('queries the pane this process runs in')],
  ['does not run on later steps of a turn', fx('does not run on later steps of a turn')],
  ['re-injects a new turn only when tmux state changed', fx('re-injects on a new turn only when the tmux state changed')],
  ['honors a positive refresh interval between injections', fx('a positive refresh interval suppresses a changed location without querying')],
  ['treats a prior non-text plugin reading as absent and injects afresh', fx('a prior non-text tmux-context message')],
  ['treats a prior single-line plugin reading as empty state', fx('a prior single-line tmux-context reading')],
  ['is a no-op when no bash executor is mounted', fx('is a no-op when no shell executor is mounted')],
  ['is a no-op when the tmux query exits nonzero', fx('is a silent no-op outside tmux', 'an inherited $TMUX/$TMUX_PANE')],
  ['is a no-op when the reading has the wrong field count', fx('wrong field count')],
  ['is a no-op when the pane id is empty', fx('an empty pane id')],
  ['warns and injects nothing when the executor rejects the run', fx('warns and injects nothing when the executor rejects the run')],
  ['warns and injects nothing when the executor rejects the command at resolve', fx('rejects the command at resolve')],
  ['reports a non-Error rejection in the warning', fx('reports a non-Error rejection in the warning')],
  ['skips an already-aborted prompt submission', fx('skips an already-aborted prompt submission')],
  ['rejects a negative refresh interval at plugin load', fx('rejects refreshIntervalMs -1 at plugin load')],
  ['rejects a non-integer refresh interval at plugin load', fx('rejects refreshIntervalMs 1.5 at plugin load')],
]);
