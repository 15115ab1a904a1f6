import fs from 'node:fs';
import path from 'node:path';

/**
 * The real public catalogues: HAZRISK_SOURCES, else ../shared/data beside the
 * repository (as the service's own default, resolved from the repository, not
 * from wherever the runner was started). Tests that need them skip, naming
 * what is missing, when they are absent; CI (HAZRISK_STRICT_SKIPS=1) fails then.
 */
const REPO = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
export const SOURCES_DIR = path.resolve(REPO, process.env.HAZRISK_SOURCES ?? '../shared/data');

/** `skip` option: false when every path (relative to SOURCES_DIR) exists, else the reason. */
export function sourcesSkip(...needed: string[]): string | false {
  const missing = needed.filter((p) => !fs.existsSync(path.join(SOURCES_DIR, p)));
  return missing.length === 0 ? false : `real catalogues not found: ${missing.map((p) => path.join(SOURCES_DIR, p)).join(', ')} (set HAZRISK_SOURCES)`;
}
