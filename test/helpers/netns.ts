import { execFile, execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import { promisify } from 'node:util';

/**
 * Hosts on a network of their own, on one machine: each host a network
 * namespace (`ip netns`) with a veth pair into a bridge in the root
 * namespace, which holds the bridge's address (where the test's PostgreSQL
 * listens and from where the test calls the hosts). Every host talks only to
 * the root namespace, never to another host, so a firewall's FORWARD policy
 * (Docker's DROP, with br_netfilter) cannot get in the way. Each host's
 * processes also get a UTS namespace with the host's name, so the worker ids
 * and per-host metrics name it as they would a real host. Namespaces are
 * network-only: the hosts share the file system (the shared dir needs no
 * bind mount).
 *
 * Needs root (CAP_NET_ADMIN) and iproute2's `ip`; `.ci/run` installs iproute2
 * when missing. Names carry a random tag, so runs side by side do not collide,
 * and remove() deletes everything made.
 */
const run = promisify(execFile);

function hasIp(): boolean {
  try {
    execFileSync('ip', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** `skip` option for a test that needs network namespaces: false when it can run (or must, with HAZRISK_STRICT_SKIPS=1). */
export function netnsSkip(what: string): string | false {
  if (process.env.HAZRISK_STRICT_SKIPS === '1') return false;
  if (process.getuid?.() !== 0) return `not running as root (network namespaces need CAP_NET_ADMIN): ${what} was NOT tested`;
  if (!hasIp()) return `iproute2's \`ip\` is missing (apt-get install iproute2): ${what} was NOT tested`;
  return false;
}

export interface TestNetwork {
  /** The root namespace's address on the bridge. */
  bridgeAddress: string;
  /** The bridge's network, as CIDR. */
  network: string;
  /** The host's address. */
  address(host: string): string;
  /** The command line that runs a program on the host (its namespace, its hostname): put before the program's. */
  launcher(host: string): string[];
  /** Pull the host's cable at the bridge: its packets go nowhere and it is told nothing (no error, no reset). */
  cut(host: string): Promise<void>;
  /** Plug it back in. */
  restore(host: string): Promise<void>;
  /** Delete the namespaces, veth pairs and bridge (stop the hosts' processes first). */
  remove(): Promise<void>;
}

/** A /24 under 10.0.0.0/8 that no interface of this machine is on. */
async function unusedNetwork(): Promise<string> {
  const { stdout } = await run('ip', ['-4', '-o', 'addr', 'show']);
  for (;;) {
    const prefix = `10.${200 + crypto.randomInt(50)}.${crypto.randomInt(256)}`;
    if (!stdout.includes(` ${prefix}.`)) return prefix;
  }
}

export async function createNetwork(hosts: string[]): Promise<TestNetwork> {
  const ip = (...args: string[]) => run('ip', args);
  const tag = `hz${crypto.randomBytes(3).toString('hex')}`;
  const bridge = `${tag}br`;
  const prefix = await unusedNetwork();
  const index = new Map(hosts.map((host, i) => [host, i + 1]));
  const at = (host: string): number => {
    const i = index.get(host);
    if (i === undefined) throw new Error(`no host ${host} on this network`);
    return i;
  };
  const namespace = (host: string) => `${tag}-${at(host)}`;
  // The bridge side of the host's veth pair (interface names: at most 15 characters).
  const cable = (host: string) => `${tag}-${at(host)}h`;
  const made: (() => Promise<unknown>)[] = [];
  const network: TestNetwork = {
    bridgeAddress: `${prefix}.1`,
    network: `${prefix}.0/24`,
    address: (host) => `${prefix}.${10 + at(host)}`,
    launcher: (host) => ['ip', 'netns', 'exec', namespace(host), 'unshare', '--uts', 'sh', '-c', 'hostname "$0" && exec "$@"', host],
    cut: async (host) => void (await ip('link', 'set', cable(host), 'down')),
    restore: async (host) => void (await ip('link', 'set', cable(host), 'up')),
    async remove() {
      const errors: unknown[] = [];
      for (const undo of made.splice(0).reverse()) await undo().catch((err: unknown) => errors.push(err));
      if (errors.length > 0) throw new AggregateError(errors, `the test network ${tag} was not wholly removed`);
    },
  };
  try {
    await ip('link', 'add', bridge, 'type', 'bridge');
    made.push(() => ip('link', 'del', bridge));
    await ip('addr', 'add', `${network.bridgeAddress}/24`, 'dev', bridge);
    await ip('link', 'set', bridge, 'up');
    for (const host of hosts) {
      const ns = namespace(host);
      await ip('netns', 'add', ns);
      made.push(() => ip('netns', 'del', ns));
      // Deleting the namespace deletes its end of the pair, and with it the bridge's end.
      await ip('link', 'add', cable(host), 'type', 'veth', 'peer', 'name', 'eth0', 'netns', ns);
      await ip('link', 'set', cable(host), 'master', bridge, 'up');
      await ip('-n', ns, 'addr', 'add', `${network.address(host)}/24`, 'dev', 'eth0');
      await ip('-n', ns, 'link', 'set', 'eth0', 'up');
      await ip('-n', ns, 'link', 'set', 'lo', 'up');
    }
  } catch (err) {
    await network.remove().catch(() => undefined);
    throw err;
  }
  return network;
}
