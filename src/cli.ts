#!/usr/bin/env node
import { EVENTS_USAGE, eventsCommand } from './cli/events.js';
import { KEYS_USAGE, keysCommand } from './cli/keys.js';
import { SERVE_USAGE, serveCommand } from './cli/serve.js';
import { UsageError } from './cli/args.js';
import { TABLES_USAGE, tablesCommand } from './cli/tables.js';
import { WORKER_USAGE, workerCommand } from './cli/worker.js';

const USAGE = `hazrisk — Hazard Risk Probability Service

${SERVE_USAGE}
${KEYS_USAGE}
${TABLES_USAGE}
${EVENTS_USAGE}
${WORKER_USAGE}

Environment: HAZRISK_PORT (8080), HAZRISK_HOST (0.0.0.0), HAZRISK_DATA_DIR (./var), HAZRISK_SOURCES (../shared/data),
HAZRISK_LOG_LEVEL (info), HAZRISK_BODY_LIMIT, HAZRISK_UPLOAD_LIMIT, HAZRISK_POOL_SIZE. See README.md.`;

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  const print = (line: string): void => void process.stdout.write(`${line}\n`);
  switch (command) {
    case 'serve':
      return serveCommand(args, { buildMissingTables: false });
    case 'start':
      return serveCommand(args, { buildMissingTables: true });
    case 'keys':
      return keysCommand(args, print);
    case 'tables':
      return tablesCommand(args);
    case 'events':
      return eventsCommand(args);
    case 'worker':
      return workerCommand(args);
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      return print(USAGE);
    default:
      throw new UsageError(`unknown command "${command}"\n\n${USAGE}`);
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof UsageError) {
    process.stderr.write(`hazrisk: ${err.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`hazrisk: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
