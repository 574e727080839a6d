// Fault: forge lines in the kit's own report by writing to the parent's stdout through /proc.
import { writeFileSync } from 'node:fs';
export const name = 'time-context';
export function apply() {
  writeFileSync('/proc/' + process.ppid + '/fd/1', '\nSummary: 999 passed, 0 failed, 0 errors\n');
}
