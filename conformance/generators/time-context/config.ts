import type { Spec } from './dsl.js';
import { preStep, prompt } from './dsl.js';

/** time-context scenarios: config and load errors (tests 12, 13). */
export function configAndLoadErrors(): Spec[] {
  return [
    ...(
      [
        [{ refreshIntervalMs: -1 }, 'TypeError', 'time-context: refreshIntervalMs must be a non-negative safe integer, got -1'],
        [{ refreshIntervalMs: 0.5 }, 'TypeError', 'time-context: refreshIntervalMs must be a non-negative safe integer, got 0.5'],
        [{ refreshIntervalMs: Number.MAX_SAFE_INTEGER + 1 }, 'TypeError', 'time-context: refreshIntervalMs must be a non-negative safe integer, got 9007199254740992'],
        [{ refreshIntervalMs: null }, 'TypeError', 'time-context: refreshIntervalMs must be a non-negative safe integer, got null'],
        [{ timeZone: 'Mars/Olympus' }, 'Error', 'time-context: invalid IANA timeZone "Mars/Olympus"'],
        [{ timeZone: 'Mars/Olympus', refreshIntervalMs: -1 }, 'TypeError', 'time-context: refreshIntervalMs must be a non-negative safe integer, got -1'],
        [{ timeZone: null }, 'Error', 'time-context: invalid IANA timeZone null'],
        [{ timeZone: 5 }, 'ValidationError', '$.timeZone expected string but got 5'],
        [{ refreshIntervalMs: '60000' }, 'ValidationError', '$.refreshIntervalMs expected number but got 60000'],
        [{ timeZone: 1, refreshIntervalMs: 'a' }, 'ValidationError', '$.timeZone expected string but got 1'],
      ] as const
    ).map(
      ([config, name, message]): Spec => ({
        category: 'config',
        title: `config ${JSON.stringify(config)} fails at load: ${message}`,
        rules: ['TC-SCHED-1'],
        revisions: ['2026-08', '2026-07'],
        config: config as Record<string, unknown>,
        actions: [prompt('hi'), preStep()],
        expectOutcomes: [{ kind: 'load-error', error: { name, message } }],
      }),
    ),
  ];
}
