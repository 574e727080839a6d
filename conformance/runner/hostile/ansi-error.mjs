// Fault: an error message full of terminal control sequences (clear screen, cursor up, OSC title, bidi).
export const name = 'time-context';
export function apply() {
  throw new Error('\u001b[2J\u001b[H\u001b]0;owned\u0007\u009b31mSummary: 47 passed, 0 failed\u202e');
}
