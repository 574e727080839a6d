import { variantPlugin } from './support/variant.js';

export const description = 'Splits the tmux output on a real TAB, although the format separates fields with the two characters backslash-t.';

export const { name, inject, Config, apply } = variantPlugin({
  // The classic '\t' vs '\\t' slip: tmux copies the backslash-t through, so nothing ever parses.
  parse(stdout) {
    const parts = stdout.split('\n', 1)[0].split('\t');
    if (parts.length !== 8) return undefined;
    const [sessionName, windowIndex, windowName, paneIndex, paneId, windowActive, paneActive, windowLayout] = parts;
    if (paneId.length === 0) return undefined;
    return { sessionName, windowIndex, windowName, paneIndex, paneId, windowActive, paneActive, windowLayout };
  },
});
