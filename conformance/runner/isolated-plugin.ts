import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SpecRevision } from '../../spec/revisions.js';
import type { GeneratedScenario } from '../properties/session-arbitrary.js';
import type { ScenarioFixture } from '../scenario/schema.js';
import type { ChildRequest, ChildResponse } from './child.js';
import type { PluginSpec } from './plugin-spec.js';

const runningFromSource = import.meta.url.endsWith('.ts');
const childPath = fileURLToPath(new URL(runningFromSource ? './child.ts' : './child.js', import.meta.url));

export type FixtureOutcome = Extract<ChildResponse, { type: 'result' }>;

/**
 * One plugin in its own child process. `run` sends a fixture and waits for the verdict, at most
 * `timeoutMs`; a hang or an exit becomes an `error` verdict and the next fixture gets a fresh child.
 */
export class IsolatedPlugin {
  private child: ChildProcess | undefined;
  private loaded: Extract<ChildResponse, { type: 'loaded' }> | undefined;

  constructor(
    private readonly plugin: PluginSpec,
    private readonly spec: SpecRevision,
  ) {}

  private spawn(): ChildProcess {
    const child = fork(childPath, [], {
      // Resolve tsx from this package, not from the user's cwd (which may have no node_modules).
      execArgv: runningFromSource ? ['--import', import.meta.resolve('tsx')] : [],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'json',
    });
    child.stderr?.resume();
    return child;
  }

  private request(child: ChildProcess, message: ChildRequest, timeoutMs: number): Promise<ChildResponse | { type: 'timeout' } | { type: 'exit'; code: number | null; signal: string | null }> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        cleanup();
        resolve({ type: 'timeout' });
      }, timeoutMs);
      const onMessage = (m: ChildResponse) => {
        cleanup();
        resolve(m);
      };
      const onExit = (code: number | null, signal: string | null) => {
        cleanup();
        resolve({ type: 'exit', code, signal });
      };
      const cleanup = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.send(message);
    });
  }

  /** Start the child and load the plugin. Throws with the loader's message when it cannot be loaded. */
  async start(timeoutMs = 30_000): Promise<Extract<ChildResponse, { type: 'loaded' }>> {
    if (this.child && this.loaded) return this.loaded;
    const child = this.spawn();
    const response = await this.request(child, { type: 'load', plugin: this.plugin, spec: this.spec }, timeoutMs);
    if (response.type !== 'loaded') {
      child.kill('SIGKILL');
      const why = response.type === 'load-failed' ? response.message : response.type === 'timeout' ? `loading took longer than ${timeoutMs} ms` : `the process exited while loading (code ${(response as { code: number | null }).code})`;
      throw new Error(why);
    }
    this.child = child;
    this.loaded = response;
    return response;
  }

  async run(fixture: ScenarioFixture, timeoutMs: number): Promise<FixtureOutcome> {
    return this.ask({ type: 'run', fixture }, timeoutMs);
  }

  async compare(scenario: GeneratedScenario, timeoutMs: number): Promise<FixtureOutcome> {
    return this.ask({ type: 'compare', scenario }, timeoutMs);
  }

  private async ask(message: ChildRequest, timeoutMs: number): Promise<FixtureOutcome> {
    await this.start();
    const response = await this.request(this.child!, message, timeoutMs);
    if (response.type === 'result') return response;
    this.stop();
    if (response.type === 'timeout') return { type: 'result', status: 'error', message: `the plugin did not finish within --timeout ${timeoutMs} ms (hung?)` };
    if (response.type === 'exit') return { type: 'result', status: 'error', message: `the plugin ended the process (exit code ${response.code}${response.signal ? `, signal ${response.signal}` : ''})` };
    return { type: 'result', status: 'error', message: `unexpected reply from the plugin process: ${JSON.stringify(response)}` };
  }

  stop(): void {
    this.child?.kill('SIGKILL');
    this.child = undefined;
    this.loaded = undefined;
  }
}
