import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from '../helpers/harness.js';
import { environmentHelp } from '../../src/config.js';
import { ERROR_CODES } from '../../src/errors.js';
import { PERIL_NAMES, perilDef } from '../../src/engine/perils.js';
import { HISTORIC_PERILS, PERIL_CONFIG } from '../../src/historic/perils.js';

/**
 * Guards that keep one source for each thing (issue 14 step 6): the error
 * catalogue and its table in docs/api.md agree in both directions, and every
 * declared dependency is used where its kind says.
 */

/** `| 404 / 405 | \`not_found\`, \`method_not_allowed\` (…) |` → {not_found: [404, 405], …}. */
function documentedCodes(): Map<string, number[]> {
  const doc = fs.readFileSync('docs/api.md', 'utf8');
  const section = doc.slice(doc.indexOf('## Errors'), doc.indexOf('\n## ', doc.indexOf('## Errors') + 1));
  const codes = new Map<string, number[]>();
  for (const line of section.split('\n')) {
    const row = /^\| ([0-9 /]+) \| (.+) \|$/.exec(line);
    if (!row) continue;
    const statuses = row[1]!.split('/').map((s) => Number(s.trim()));
    // Only the code names: backticked identifiers outside parentheses.
    const names = row[2]!.replace(/\([^()]*(\([^()]*\)[^()]*)*\)/g, '');
    for (const m of names.matchAll(/`([a-z_]+)`/g)) codes.set(m[1]!, statuses);
  }
  return codes;
}

describe('error catalogue ↔ docs/api.md', () => {
  const documented = documentedCodes();

  it('documents every code in src/errors.ts under its status', () => {
    for (const [code, { status }] of Object.entries(ERROR_CODES)) {
      assert.ok(documented.has(code), `${code} (${status}) is missing from the table in docs/api.md "Errors"`);
      assert.ok(documented.get(code)!.includes(status), `${code} is ${status} in src/errors.ts but listed under ${documented.get(code)!.join(' / ')}`);
    }
  });

  it('documents no code the catalogue does not have', () => {
    for (const code of documented.keys()) assert.ok(code in ERROR_CODES, `docs/api.md lists "${code}", which src/errors.ts does not define`);
  });

  it('has no code that nothing in src/ raises', () => {
    const sources = files('src', ['.ts']).filter((f) => f !== path.join('src', 'errors.ts')).map((f) => fs.readFileSync(f, 'utf8')).join('\n');
    for (const code of Object.keys(ERROR_CODES)) assert.ok(sources.includes(`'${code}'`), `${code} is in the catalogue but never raised`);
  });
});

/** Every file under `dir` with one of the extensions, recursively. */
function files(dir: string, extensions: string[]): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && extensions.some((x) => e.name.endsWith(x)))
    .map((e) => path.join(e.parentPath, e.name));
}

/** Whether some file names the package in an import, a require/resolve or a package path. */
function referenced(pkg: string, sources: string[]): boolean {
  const quoted = new RegExp(`['"\`]${pkg.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(/[^'"\`]*)?['"\`]`);
  return sources.some((text) => quoted.test(text));
}

describe('dependencies', () => {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string>; scripts: Record<string, string> };
  /** Build-time code under src/ (bundlers, converters) counts as tooling, not as the running service. */
  const isBuild = (file: string) => file.split(path.sep).includes('build') && !file.startsWith(path.join('src', 'models'));
  const srcFiles = files('src', ['.ts']);
  const runtime = srcFiles.filter((f) => !isBuild(f)).map((f) => fs.readFileSync(f, 'utf8'));
  const tooling = [...srcFiles.filter(isBuild), ...files('test', ['.ts', '.mjs']), ...files('bench', ['.ts']), ...files('assembly', ['.ts'])].map((f) => fs.readFileSync(f, 'utf8'));
  const scripts = Object.values(pkg.scripts).join('\n');
  /** Tools run by name from package.json scripts rather than imported. */
  const COMMANDS: Record<string, RegExp> = { typescript: /\btsc\b/, assemblyscript: /\basc\b/, tsx: /--import tsx/ };

  it('uses every runtime dependency from src/', () => {
    for (const name of Object.keys(pkg.dependencies)) assert.ok(referenced(name, runtime), `${name} is a dependency but nothing in src/ imports it`);
  });

  it('uses every devDependency in tests, benchmarks or the build, and none from the running service', () => {
    for (const name of Object.keys(pkg.devDependencies)) {
      if (name.startsWith('@types/')) continue;
      assert.ok(COMMANDS[name]?.test(scripts) || referenced(name, tooling), `${name} is a devDependency nothing uses`);
      assert.ok(!referenced(name, runtime), `${name} is imported by the service at run time, so it must be a dependency`);
    }
  });
});

describe('peril lists', () => {
  it('the historic perils are exactly the registry\'s perils marked historic, each with its search configuration', () => {
    assert.deepEqual([...HISTORIC_PERILS].sort(), PERIL_NAMES.filter((p) => perilDef(p).historic).sort());
    assert.deepEqual(Object.keys(PERIL_CONFIG).sort(), [...HISTORIC_PERILS].sort());
  });
});

describe('settings table', () => {
  it('the README lists every environment variable with its default, and no other', () => {
    const readme = fs.readFileSync('README.md', 'utf8');
    const rows = new Map([...readme.matchAll(/^\| `(HAZRISK_[A-Z_]+)` \| ([^|]+) \|/gm)].map((m) => [m[1]!, m[2]!.trim()]));
    const settings = environmentHelp().map((line) => /^(\S+) \((.*)\)$/.exec(line)!);
    assert.deepEqual([...rows.keys()].sort(), settings.map((m) => m[1]!).sort());
    for (const [, env, fallback] of settings) {
      const documented = rows.get(env!)!;
      // Defaults that depend on the machine or on another setting (cores, <data dir>/tables) are described in words.
      if (!documented.startsWith('`') || fallback === 'unset') continue;
      assert.equal(documented, `\`${fallback}\``, `${env} default`);
    }
  });
});
