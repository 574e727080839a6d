import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Catalog } from '../../scenario/store.js';
import { colorEnabled, makeStyle } from '../../reporters/style.js';
import { packageRoot } from '../package-root.js';
import { EXIT, UsageError } from '../usage-error.js';
import { formatReadme } from './fixtures-readme.js';

export const fixturesHelp = `Usage: dsh-ctx-conform fixtures --list [--json] [--source NAME] [--category NAME]
       dsh-ctx-conform fixtures --export DIR

The conformance suite is data: every fixture is a directory with fixture.json and JSONL logs, so
validators and plugins written in other languages can run it too.

Options:
  --list            show the catalog: counts by source, category and rule, then every fixture
  --json            with --list: print the catalog (index.json) as JSON
  --source NAME     with --list: only this source (time-context, tmux-context, agent-instructions,
                    session-reference, log)
  --category NAME   with --list: only this category
  --export DIR      write the suite, its JSON Schemas and a README of the format to DIR
  -h, --help        show this help
`;

function catalog(): Catalog {
  const file = join(packageRoot, 'conformance', 'fixtures', 'index.json');
  if (!existsSync(file)) throw new Error(`the bundled suite is missing its catalog (${file}); reinstall the package`);
  return JSON.parse(readFileSync(file, 'utf8')) as Catalog;
}

export async function fixturesCommand(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        list: { type: 'boolean' },
        json: { type: 'boolean' },
        export: { type: 'string' },
        source: { type: 'string' },
        category: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) {
    process.stdout.write(fixturesHelp);
    return EXIT.ok;
  }
  if (!values.list && values.export === undefined) throw new UsageError('say --list or --export DIR');
  if (values.list && values.export !== undefined) throw new UsageError('--list and --export cannot be combined');
  const cat = catalog();
  if (values.export !== undefined) {
    const dir = resolve(values.export);
    if (existsSync(dir) && readdirSync(dir).length > 0) throw new UsageError(`--export ${values.export}: the directory exists and is not empty`);
    mkdirSync(dir, { recursive: true });
    cpSync(join(packageRoot, 'conformance', 'fixtures'), join(dir, 'fixtures'), { recursive: true });
    const schemas = join(packageRoot, 'spec', 'schemas');
    if (existsSync(schemas)) cpSync(schemas, join(dir, 'schemas'), { recursive: true, filter: (src) => !src.endsWith('.ts') || src.endsWith('.d.ts') });
    writeFileSync(join(dir, 'README.md'), formatReadme(cat));
    process.stderr.write(`Exported ${cat.total} fixtures to ${dir}\n`);
    return EXIT.ok;
  }
  // A --source or --category that names nothing is a typo, not an empty suite.
  if (values.source !== undefined && !(values.source in cat.bySource)) throw new UsageError(`--source ${JSON.stringify(values.source)} is not in the suite; sources: ${Object.keys(cat.bySource).join(', ')}`);
  if (values.category !== undefined && !(values.category in cat.byCategory)) throw new UsageError(`--category ${JSON.stringify(values.category)} is not in the suite; categories: ${Object.keys(cat.byCategory).join(', ')}`);
  const fixtures = cat.fixtures.filter((f) => (!values.source || f.source === values.source) && (!values.category || f.category === values.category));
  if (values.json) {
    process.stdout.write(JSON.stringify({ ...cat, fixtures }, null, 2) + '\n');
    return EXIT.ok;
  }
  const st = makeStyle(colorEnabled(process.stdout));
  const lines: string[] = [st.bold(`Conformance suite: ${cat.total} fixtures`), ''];
  lines.push('By source:   ' + Object.entries(cat.bySource).map(([k, v]) => `${k} ${v}`).join(', '));
  lines.push('By category: ' + Object.entries(cat.byCategory).map(([k, v]) => `${k} ${v}`).join(', '));
  lines.push(`Rule and requirement ids exercised: ${Object.keys(cat.byRule).length}`);
  lines.push('');
  for (const f of fixtures) lines.push(`${st.dim(f.id)}  ${f.kind === 'log' ? 'log     ' : 'scenario'}  ${st.cyan(`${f.source}/${f.category}`)}  ${f.title} ${st.dim(`[${f.revisions.join(',')}]`)}`);
  process.stdout.write(lines.join('\n') + '\n');
  return EXIT.ok;
}
