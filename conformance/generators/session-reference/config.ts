import type { ScenarioDraft } from '../../scenario/draft.js';
import { enter, loaded, preStep, prompt, scenario, simple } from './dsl.js';

/** Configuration (upstream test 16). */
export function config(): ScenarioDraft[] {
  return [
    // ---- configuration (upstream test 16) ----
    scenario({
      category: 'config',
      title: 'maxReferences 0 is rejected when the plugin loads',
      rules: [],
      config: { maxReferences: 0 },
      actions: [],
      outcomes: [{ kind: 'load-error', error: { name: 'ValidationError', message: '$.maxReferences expected number >= 1 but got 0' } }],
    }),
    scenario({
      category: 'config',
      title: 'maxReferences 4 is rejected when the plugin loads',
      rules: [],
      config: { maxReferences: 4 },
      actions: [],
      outcomes: [{ kind: 'load-error', error: { name: 'ValidationError', message: '$.maxReferences expected number <= 3 but got 4' } }],
    }),
    scenario({
      category: 'config',
      title: 'A fractional maxReferenceBytes is rejected when the plugin loads',
      rules: [],
      config: { maxReferenceBytes: 1000.5 },
      actions: [],
      outcomes: [{ kind: 'load-error', error: { name: 'ValidationError', message: '$.maxReferenceBytes expected number multiple of 1 but got 1000.5' } }],
    }),
    scenario({
      category: 'config',
      title: 'maxReferenceBytes beyond the safe-integer range passes the schema but not the constructor',
      rules: [],
      config: { maxReferenceBytes: 2 ** 60 },
      actions: [],
      outcomes: [{ kind: 'load-error', error: { name: 'SessionReferenceError', message: 'session-reference: maxReferenceBytes must be a positive safe integer', code: 'SESSION_REFERENCE_INVALID_CONFIG' } }],
    }),
    scenario({
      category: 'config',
      title: 'The default configuration loads and leaves messages without mentions untouched',
      rules: [],
      sessions: [simple('source')],
      actions: [prompt('no references here, just dsh-session: talk'), preStep()],
      outcomes: [loaded, enter(1, 1)],
    }),
  ];
}
