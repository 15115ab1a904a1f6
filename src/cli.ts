#!/usr/bin/env node
import fs from 'node:fs';
import { EVENTS_USAGE, eventsCommand } from './cli/events.js';
import { GC_USAGE, gcCommand } from './cli/gc.js';
import { KEYS_USAGE, keysCommand } from './cli/keys.js';
import { SERVE_USAGE, serveCommand } from './cli/serve.js';
import { UsageError, usageText } from './cli/args.js';
import { TABLES_USAGE, tablesCommand } from './cli/tables.js';
import { WORKER_USAGE, workerCommand } from './cli/worker.js';
import { environmentHelp } from './config.js';

const print = (line: string): void => void process.stdout.write(`${line}\n`);

interface Command {
  usage: string;
  run: (args: string[]) => void | Promise<void>;
  /** Writes keys, uploads, databases or artefacts: files 0600 and directories 0700 (umask 077). */
  private: boolean;
}

/** Every command, its usage text and what runs it; `--help` anywhere in a command's arguments prints the usage and runs nothing. */
const COMMANDS: Record<string, Command> = {
  serve: { usage: SERVE_USAGE, run: (args) => serveCommand(args, { buildMissingTables: false }), private: true },
  start: { usage: SERVE_USAGE, run: (args) => serveCommand(args, { buildMissingTables: true }), private: true },
  keys: { usage: KEYS_USAGE, run: (args) => keysCommand(args, print), private: true },
  tables: { usage: TABLES_USAGE, run: tablesCommand, private: false },
  events: { usage: EVENTS_USAGE, run: eventsCommand, private: false },
  worker: { usage: WORKER_USAGE, run: workerCommand, private: true },
  gc: { usage: GC_USAGE, run: (args) => gcCommand(args, print), private: true },
};

const USAGE = `hazrisk — Hazard Risk Probability Service

${usageText([...new Set(Object.values(COMMANDS).map((c) => c.usage)), 'hazrisk --version'].join('\n'))}

Environment (default): ${wrap(environmentHelp().join(', '), 100)}
See README.md and docs/operations.md.`;

/** Break a long comma list into lines of at most `width` characters. */
function wrap(text: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join('\n');
}

function version(): string {
  return (JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

async function main(argv: string[]): Promise<void> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') return print(USAGE);
  if (name === '--version' || name === 'version') return print(`hazrisk ${version()}`);
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) throw new UsageError(`unknown command "${name.slice(0, 40)}"\n\n${USAGE}`);
  if (args.includes('--help') || args.includes('-h')) return print(usageText(command.usage));
  if (command.private) process.umask(0o077);
  return command.run(args);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof UsageError) {
    process.stderr.write(`hazrisk: ${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`hazrisk: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
