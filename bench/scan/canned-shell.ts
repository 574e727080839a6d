/**
 * The `shell` service tmux-context asks for its location, answering instantly from canned output:
 * the benchmark measures the log scan, never a bash spawn. "changing" reports a window whose name
 * changes on every query (so a due reading is never suppressed as unchanged); "not-in-tmux" exits 1,
 * as the real query does outside tmux.
 */
export class CannedShell {
  queries = 0;

  constructor(private readonly behaviour: 'changing' | 'not-in-tmux') {}

  resolve(request: { command: string; signal?: AbortSignal }): { command: string } {
    return { command: request.command };
  }

  run(_resolved: unknown): Promise<{ exitCode: number; stdout: { text: string }; stderr: { text: string } }> {
    this.queries++;
    if (this.behaviour === 'not-in-tmux') return Promise.resolve({ exitCode: 1, stdout: { text: '' }, stderr: { text: '' } });
    // The query's format joins fields with a literal backslash-t (two characters), not a tab.
    const fields = ['main', '1', `live${this.queries}`, '0', '%3', '1', '1', 'b25d,200x50,0,0,3'];
    return Promise.resolve({ exitCode: 0, stdout: { text: `${fields.join('\\t')}\n` }, stderr: { text: '' } });
  }
}
