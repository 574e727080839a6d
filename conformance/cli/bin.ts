#!/usr/bin/env node
import { main } from './main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Only a bug in the kit gets here: user mistakes are turned into exit code 2 with a message.
    process.stderr.write(`dsh-ctx-conform: internal error (please report): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 3;
  },
);
