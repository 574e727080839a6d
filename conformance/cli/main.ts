import { terminalSafe } from '../../invariants/text/safe-text.js';
import { EXIT, UsageError } from './usage-error.js';

/**
 * Entry point: `dsh-ctx-conform [check|fixtures|merge-reports|run|help] ...`. Anything that is not a known subcommand is
 * treated as `run` (so `dsh-ctx-conform ./my-plugin` and plain `dsh-ctx-conform` both run plugins).
 * Each subcommand lives in `./commands/<name>.ts` and returns an exit code.
 */
type Command = (argv: string[]) => Promise<number>;

const commands: Record<string, () => Promise<Command>> = {
  check: async () => (await import('./commands/check.js')).checkCommand,
  fixtures: async () => (await import('./commands/fixtures.js')).fixturesCommand,
  'merge-reports': async () => (await import('./commands/merge-reports.js')).mergeReportsCommand,
  run: async () => (await import('./commands/run.js')).runCommand,
};

export async function main(argv: string[]): Promise<number> {
  const [first, ...rest] = argv;
  if (first === '--version' || first === '-v') {
    const { version } = await import('./version.js');
    process.stdout.write(`${version}\n`);
    return EXIT.ok;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    // `help run`, `--help check`: the command's own help, exactly as `run --help` prints it.
    const topic = rest[0];
    if (topic !== undefined) {
      if (!(topic in commands)) {
        process.stderr.write(`dsh-ctx-conform help: unknown command ${JSON.stringify(topic)}; commands: ${Object.keys(commands).join(', ')}\n`);
        return EXIT.usage;
      }
      return (await commands[topic]())(['--help']);
    }
    const { topLevelHelp } = await import('./help.js');
    process.stdout.write(topLevelHelp());
    return EXIT.ok;
  }
  const name = first !== undefined && first in commands ? first : 'run';
  const args = name === first ? rest : argv;
  try {
    const command = await commands[name]();
    return await command(args);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`dsh-ctx-conform ${name}: ${terminalSafe(error.message)}\nRun 'dsh-ctx-conform ${name} --help' for usage.\n`);
      return EXIT.usage;
    }
    throw error;
  }
}
