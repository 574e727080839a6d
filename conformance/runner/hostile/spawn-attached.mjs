// Fault: start a plain child process (killed with the group at the latest; here refused outright).
import { spawn } from 'node:child_process';
export const name = 'time-context';
export function apply() {
  spawn('sleep', ['300'], { stdio: 'ignore' });
}
