import type { Logger } from 'pino';

/**
 * The last line of defence (docs/operations.md): an error that escapes every
 * request's and job's own handling — an unhandled rejection or an uncaught
 * exception — is logged and counted, and the process keeps serving. One bad
 * client must never take the service down for everyone else; a test asserts
 * that nothing reaches this guard in normal operation.
 */
let escaped = 0;

export function escapedErrors(): number {
  return escaped;
}

export function installProcessGuard(log: Logger): void {
  process.on('unhandledRejection', (reason) => {
    escaped++;
    log.error({ err: reason }, 'unhandled rejection (kept running)');
  });
  process.on('uncaughtException', (err) => {
    escaped++;
    log.error({ err }, 'uncaught exception (kept running)');
  });
}
