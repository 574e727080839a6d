import { wrapped } from './support/wrap.js';

export const description = 'never disposes its effects: a touch still pending at a restart finishes in the old instance and queues a context';

export const { name, Config, apply } = wrapped({
  effect: (fn) => {
    fn();
    return () => {};
  },
});
