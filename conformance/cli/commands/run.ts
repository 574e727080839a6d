import { parseArgs } from 'node:util';
import { terminalSafe } from '../../../invariants/text/safe-text.js';
import { SOURCES, type SourceName } from '../../../spec/revisions.js';
import { parseWaivers } from '../../contributor/waivers.js';
import { colorEnabled } from '../../reporters/style.js';
import { RUN_REPORTER_NAMES, renderRun, type RunReporter } from '../../reporters/registry.js';
import { readBaseline, writeBaseline } from '../../runner/expected-failures.js';
import type { PluginArg } from '../../runner/plugin-arg.js';
import { emptyPlugins, reportFailed, runConformance } from '../../runner/run-conformance.js';
import { extractOutputFiles, readJsonOption, reporterParseOptions, resolveReporters, writeReports } from '../reporter-options.js';
import { parseByteSize } from '../byte-size.js';
import { revisionHelp, parseRevision, revisionParseOptions } from '../revision-option.js';
import { EXIT, UsageError } from '../usage-error.js';

export const runHelp = `Usage: dsh-ctx-conform [PLUGIN...] [options]

Runs context-source plugins through the conformance suite in a simulated DSH host and reports,
fixture by fixture, where each departs from the spec. With no PLUGIN, runs the bundled reference
implementations of all four sources (time-context, tmux-context, agent-instructions,
session-reference).

PLUGIN is a directory with a package.json, a .js/.mjs/.cjs file, or an installed package name.
Namespace plugins (name/Config/apply) and Service classes (session-reference) are both accepted;
the source is taken from the plugin's name unless --source says otherwise. A plugin whose name is
none of the four is a context contributor: it runs the contributor-pattern suite (spec/contributor.md),
which the four sources also run and pass.

Options:
  --source NAME               which source the plugin implements (${SOURCES.join(', ')}, or
                              contributor: any other context plugin, judged by the contributor suite)
  --waive RULE                let a contributor plugin opt out of an error CTX rule (repeatable);
                              the report says it did
  --config JSON|@FILE         extra config keys for the plugin (inline or from a file); keys a
                              fixture sets win
  --revision REVISION         ${revisionHelp(30)}
  --reporter NAME[:FILE]      ${RUN_REPORTER_NAMES.join(' | ')} (default human); repeat for
                              several reports, each to its own FILE (at most one to stdout)
  --output-file.NAME FILE     write reporter NAME's report to FILE (vitest's form)
  --output FILE               with one reporter: write its report to FILE instead of stdout
  --expected-failures FILE    YAML/JSON list of fixture ids (or id:RULE) that are known to fail
  --update-baseline           write the current failures to --expected-failures FILE and exit 0
  --filter TEXT               only fixtures whose id, title or category contains TEXT
  --timeout MS                per-fixture time limit, and the plugin's load-time limit (default
                              10000); a hang is an error
  --max-memory SIZE           memory ceiling of the plugin's process, heap and off-heap, e.g. 512M
                              or 2G (default 2G; a plain number is MiB); past it the fixture is an error
  --show-output               show the plugin's stdout/stderr for every fixture (default: only for
                              failures and errors)
  --allow-addons              let the plugin load native addons (refused by default)
  --fixtures DIR              use another copy of the suite (default: the bundled one)
  --runs N                    also compare the plugin with the reference on N generated sessions
                              (fast-check); a failure is shrunk and written as a fixture
  --seed N                    seed for --runs (default: random, printed in the report) and for the
                              contributor suite's generated sessions (default 1, so runs repeat)
  -h, --help                  show this help

Examples:
  npx dsh-ctx-conform                                   # the bundled reference implementations
  npx dsh-ctx-conform ./my-time-context                 # your plugin, source taken from its name
  npx dsh-ctx-conform ./dist/plugin.js --source tmux-context --reporter junit --output conform.xml
  npx dsh-ctx-conform ./my-plugin --reporter human --reporter junit:conform.xml --reporter html:conform.html
  npx dsh-ctx-conform ./my-plugin --expected-failures conform-baseline.yaml

Verdicts: pass; fail (the plugin did something other than the spec says: the first difference is
shown); error (the plugin threw where it must not, hung past --timeout, ended or broke its process,
went past --max-memory, tried what the sandbox denies, or could not be loaded).

Each plugin runs in its own process under Node's permission model: it gets a fixture's inputs only,
cannot read the suite, spawn processes or write outside a private temporary directory; the verdict
is reached in the kit's process (see "What a pass means" in the README).

Exit codes: 0 all pass (or only listed failures), 1 failures, errors or a stale baseline,
2 usage error, 3 internal error.
`;

function parseRunArgs(argv: string[]) {
  const { argv: rest, outputFiles } = extractOutputFiles(argv);
  try {
    const parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        source: { type: 'string' },
        config: { type: 'string' },
        ...revisionParseOptions,
        ...reporterParseOptions,
        'expected-failures': { type: 'string' },
        'update-baseline': { type: 'boolean' },
        filter: { type: 'string' },
        timeout: { type: 'string' },
        fixtures: { type: 'string' },
        seed: { type: 'string' },
        runs: { type: 'string' },
        waive: { type: 'string', multiple: true },
        'max-memory': { type: 'string' },
        'show-output': { type: 'boolean' },
        'allow-addons': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    return { ...parsed, outputFiles };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new UsageError(`--${name} expects a positive whole number, got ${JSON.stringify(value)}`);
  return n;
}

/** `512M`, `2G`, `1.5G`, `4096` (MiB) → bytes. */
export function parseMemory(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  return parseByteSize('--max-memory', value, { defaultUnit: 'M', min: 64 * 1024 ** 2, minText: '64M', examples: '512M or 2G' });
}

/** Refuse an --output the run could not write, before spending the run. */

export async function runCommand(argv: string[]): Promise<number> {
  const { values, positionals, outputFiles } = parseRunArgs(argv);
  if (values.help) {
    process.stdout.write(runHelp);
    return EXIT.ok;
  }
  const revision = parseRevision(values);
  // Reporters (and the writability of their files) are checked before anything runs.
  const targets = resolveReporters<RunReporter>(values, outputFiles, RUN_REPORTER_NAMES, 'human');
  if (values.source !== undefined && ![...SOURCES, 'contributor'].includes(values.source)) {
    throw new UsageError(`--source must be one of ${SOURCES.join(', ')}, contributor, got ${JSON.stringify(values.source)}`);
  }
  const waived = parseWaivers(values.waive ?? []);
  if ('error' in waived) throw new UsageError(waived.error);
  if (values['update-baseline'] && !values['expected-failures']) throw new UsageError('--update-baseline needs --expected-failures FILE to write');
  let extraConfig: Record<string, unknown> = {};
  if (values.config !== undefined) {
    const parsed = readJsonOption('--config', values.config);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new UsageError('--config must be a JSON object, e.g. {"refreshIntervalMs":60000}');
    extraConfig = parsed as Record<string, unknown>;
  }
  const timeoutMs = positiveInt('timeout', values.timeout, 10_000);
  const maxMemoryBytes = parseMemory(values['max-memory']);
  const runs = values.runs === undefined ? undefined : positiveInt('runs', values.runs, 100);
  if (values.seed !== undefined && !Number.isSafeInteger(Number(values.seed))) throw new UsageError(`--seed expects a whole number, got ${JSON.stringify(values.seed)}`);
  const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
  const baseline = values['expected-failures'] && !values['update-baseline'] ? readBaseline(values['expected-failures']) : undefined;

  const plugins: PluginArg[] = positionals.map((p) => ({ pluginArg: p, source: values.source as SourceName | 'contributor' | undefined, cwd: process.cwd() }));
  const progress = process.stderr.isTTY ? (text: string) => process.stderr.write(`\r\u001b[2K${terminalSafe(text)}`) : undefined;
  const report = await runConformance({
    plugins,
    revision,
    fixtureRoot: values.fixtures,
    extraConfig,
    filter: values.filter,
    timeoutMs,
    maxMemoryBytes,
    allowAddons: values['allow-addons'],
    showOutput: values['show-output'],
    runs,
    seed,
    ...(values.seed !== undefined ? { contributorSeed: Number(values.seed) } : {}),
    baseline,
    waivers: waived.waivers,
    onProgress: progress,
  });
  for (const p of report.plugins) {
    if (p.loadError !== undefined) process.stderr.write(`dsh-ctx-conform: cannot load plugin ${terminalSafe(p.plugin)}: ${terminalSafe(p.loadError.split('\n')[0] ?? '')}\n`);
  }
  for (const p of emptyPlugins(report)) {
    process.stderr.write(`dsh-ctx-conform: no fixtures selected for ${terminalSafe(p.plugin)} (${p.source}, revision ${revision}${values.filter ? `, filter ${terminalSafe(JSON.stringify(values.filter))}` : ''})\n`);
  }
  for (const w of report.warnings ?? []) process.stderr.write(`dsh-ctx-conform: warning: ${terminalSafe(w)}\n`);

  if (values['update-baseline']) {
    const n = writeBaseline(values['expected-failures']!, report.results);
    process.stderr.write(`dsh-ctx-conform: wrote ${n} expected failure(s) to ${values['expected-failures']}\n`);
    return EXIT.ok;
  }
  await writeReports(targets, (t) => renderRun(t.name, report, { color: t.name === 'human' && t.file === undefined && colorEnabled(process.stdout), showOutput: values['show-output'] }));
  if (report.results.length === 0) {
    // Like vitest with no test files: a run that judged nothing must not look green.
    process.stderr.write('dsh-ctx-conform: no fixture was run; check --filter and --revision\n');
  }
  return reportFailed(report) ? EXIT.failures : EXIT.ok;
}
