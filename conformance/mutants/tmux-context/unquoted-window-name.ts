import { variantPlugin } from './support/variant.js';

export const description = 'Renders the window name bare instead of JSON-quoted.';

export const { name, inject, Config, apply } = variantPlugin({
  renderState: (l) =>
    `session ${l.sessionName}, window ${l.windowIndex} ${l.windowName}, pane ${l.paneIndex} ${l.paneId}\n` +
    `window active=${l.windowActive}, pane active=${l.paneActive}, layout ${l.windowLayout}`,
});
