import { loadConfig } from '../config.js';
import { openStore } from '../store/open.js';
import { dataPaths, ensureDataDirs } from '../store/paths.js';
import { KeyStore, type KeyInfo } from '../auth/keys.js';
import { MODES } from '../auth/modes.js';
import { PERIL_NAMES } from '../engine/perils.js';
import { configOverrides, listOption, parse, STORE_OPTIONS, UsageError, usageText } from './args.js';

export const KEYS_USAGE = `hazrisk keys create --owner NAME [--tenant T] [--organisation O] [--label L]
                    [--perils all|A,B] [--modes all|a,b] [--flood-plus] [--expires-days N] [--rate-limit N] [--json]
                    (--rate-limit: requests per second, burst 2N; 0 = unlimited; default $HAZRISK_RATE_LIMIT)
hazrisk keys list [--json]
hazrisk keys revoke ID
  (all accept --data-dir DIR, default $HAZRISK_DATA_DIR or ./var, and --database-url URL, default $HAZRISK_DATABASE_URL or SQLite in the data dir)`;

export async function keysCommand(args: string[], out: (line: string) => void): Promise<void> {
  const [sub, ...rest] = args;
  const { values, positionals } = parse(rest, {
    ...STORE_OPTIONS,
    owner: { type: 'string' },
    tenant: { type: 'string' },
    organisation: { type: 'string' },
    label: { type: 'string' },
    perils: { type: 'string' },
    modes: { type: 'string' },
    'flood-plus': { type: 'boolean' },
    'expires-days': { type: 'string' },
    'rate-limit': { type: 'string' },
    json: { type: 'boolean' },
  });
  const config = loadConfig(configOverrides(values));
  const paths = dataPaths(config.dataDir);
  // A PostgreSQL store keeps keys off this host: no data dir to make.
  if (config.databaseUrl === '') ensureDataDirs(paths);
  const store = await openStore({ databaseUrl: config.databaseUrl, dbFile: paths.db });
  try {
    const keys = new KeyStore(store.keys);
    if (sub === 'create') {
      if (!values.owner) throw new UsageError('keys create needs --owner');
      const expiresDays = values['expires-days'] === undefined ? undefined : Number(values['expires-days']);
      if (expiresDays !== undefined && (!Number.isInteger(expiresDays) || expiresDays < 1)) throw new UsageError('--expires-days must be a positive integer');
      const { key, info } = await keys.create({
        owner: values.owner,
        tenant: values.tenant,
        organisation: values.organisation,
        label: values.label,
        perils: listOption(values.perils, PERIL_NAMES, '--perils'),
        modes: listOption(values.modes, MODES, '--modes'),
        floodPlus: values['flood-plus'] === true,
        expiresDays,
        rateLimit: nonNegativeInteger(values['rate-limit'], '--rate-limit'),
      });
      if (values.json) out(JSON.stringify({ key, ...info }));
      else out(`Created key ${info.id} for ${info.owner}, expires ${info.expires_at}. It is shown only once:\n${key}`);
    } else if (sub === 'list') {
      const list = await keys.list();
      if (values.json) out(JSON.stringify(list));
      else for (const info of list) out(describe(info));
    } else if (sub === 'revoke') {
      const id = positionals[0];
      if (!id) throw new UsageError('keys revoke needs a key ID');
      if (!(await keys.revoke(id))) throw new UsageError(`no active key with ID ${id}`);
      out(`Revoked key ${id}`);
    } else {
      throw new UsageError(usageText(KEYS_USAGE));
    }
  } finally {
    await store.close();
  }
}

function nonNegativeInteger(raw: string | undefined, flag: string): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${flag} must be a non-negative integer, got "${raw.slice(0, 40)}"`);
  return n;
}

function describe(k: KeyInfo): string {
  const state = k.revoked_at ? 'revoked' : Date.parse(k.expires_at) <= Date.now() ? 'expired' : 'active';
  return `${k.id}  ${state.padEnd(7)}  owner=${k.owner}  modes=${k.modes.join(',')}  perils=${k.perils.length}  flood_plus=${k.flood_plus}  rate_limit=${k.rate_limit ?? 'default'}  expires=${k.expires_at}`;
}
