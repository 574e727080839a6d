// Fault: signal the kit (the parent process) to end the run.
export const name = 'time-context';
export function apply() {
  process.kill(process.ppid, 'SIGKILL');
}
