/**
 * The isolated side of a plugin run: a child process that loads one plugin and judges fixtures sent
 * over IPC. Plugin code that hangs, exits the process or corrupts globals only takes this process
 * down; the parent reports an `error` for that fixture and starts a fresh child for the rest.
 */
import type { SpecRevision } from '../../spec/revisions.js';
import type { LoadedPlugin } from '../loader/load-plugin.js';
import type { ScenarioFixture } from '../scenario/schema.js';
import type { GeneratedScenario } from '../properties/session-arbitrary.js';
import { judgeScenario } from '../scenario/compare.js';
import { executeScenario } from '../scenario/execute.js';
import { judgeFixture } from './judge-fixture.js';
import { resolvePluginSpec, type PluginSpec } from './plugin-spec.js';

export type ChildRequest =
  | { type: 'load'; plugin: PluginSpec; spec: SpecRevision }
  | { type: 'run'; fixture: ScenarioFixture }
  /** Run a generated scenario against the plugin and the reference; the reference's behaviour is the expectation. */
  | { type: 'compare'; scenario: GeneratedScenario };

export type ChildResponse =
  | { type: 'loaded'; label: string; source: LoadedPlugin['source']; shape: LoadedPlugin['shape']; warnings?: string[] }
  | { type: 'load-failed'; message: string }
  | { type: 'result'; status: 'pass' | 'fail' | 'error'; message: string; diff?: unknown; rules?: string[]; actualLog?: unknown[] };

let plugin: LoadedPlugin | undefined;
let reference: LoadedPlugin | undefined;
let revision: SpecRevision = '2026-08';

function send(message: ChildResponse): void {
  process.send!(JSON.parse(JSON.stringify(message, (_k, v) => (v === undefined ? undefined : v))) as ChildResponse);
}

process.on('message', (request: ChildRequest) => {
  void handle(request).catch((error: unknown) => {
    send({ type: 'result', status: 'error', message: `the kit could not run this fixture: ${error instanceof Error ? error.message : String(error)}` });
  });
});

async function handle(request: ChildRequest): Promise<void> {
  if (request.type === 'load') {
    revision = request.spec;
    try {
      plugin = await resolvePluginSpec(request.plugin, request.spec);
      send({ type: 'loaded', label: plugin.label, source: plugin.source, shape: plugin.shape, warnings: plugin.warnings });
    } catch (error) {
      send({ type: 'load-failed', message: error instanceof Error ? error.message : String(error) });
    }
    return;
  }
  if (!plugin) throw new Error('no plugin loaded');
  if (request.type === 'compare') {
    reference ??= await resolvePluginSpec({ spec: `reference:${plugin.source}`, source: plugin.source }, revision);
    const expected = await executeScenario(reference.factory, request.scenario);
    const actual = await executeScenario(plugin.factory, request.scenario);
    const verdict = judgeScenario({ outcomes: expected.outcomes, log: expected.log as never, warnings: expected.warnings, observations: expected.observations }, actual);
    send({ type: 'result', status: verdict.status, message: verdict.message, diff: verdict.diff });
    return;
  }
  const judgement = await judgeFixture(plugin.factory, request.fixture, revision);
  send({
    type: 'result',
    status: judgement.status,
    message: judgement.message,
    diff: judgement.diff,
    rules: judgement.rules,
    actualLog: judgement.status === 'pass' ? undefined : [judgement.actual.header, ...judgement.actual.rawLog],
  });
}
