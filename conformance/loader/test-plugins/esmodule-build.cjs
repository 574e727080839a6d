'use strict';
// What tsc emits for `export default { name, apply }`: exports.default beside __esModule.
Object.defineProperty(exports, '__esModule', { value: true });
exports.default = { name: 'tmux-context', apply() {} };
