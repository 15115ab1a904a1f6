/**
 * A failed job's `error` as the user sees it (spec: "error field carries a
 * message"): what went wrong, never a server path — the log has the details.
 */
const SYSTEM_ERRORS: Record<string, string> = {
  ENOENT: 'a file the job needs is missing on the server (its upload or a checkpoint was removed)',
  ENOSPC: 'the server ran out of disk space',
  EDQUOT: 'the server ran out of disk space (its quota)',
  SQLITE_FULL: 'the server ran out of disk space',
  EACCES: 'the server cannot read or write its data directory',
  EROFS: 'the server cannot write its data directory',
};

export function publicError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code && SYSTEM_ERRORS[code]) return `job infrastructure failure: ${SYSTEM_ERRORS[code]}`;
  const message = err instanceof Error ? err.message : String(err);
  return `job infrastructure failure: ${message.replace(/(?:[A-Za-z]:)?(?:[\\/][^\s'"\\/]+)+[\\/]?/g, '<path>').slice(0, 200)}`;
}
