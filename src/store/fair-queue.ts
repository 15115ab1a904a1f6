/**
 * Fair queueing by work (start-time fair queueing): every key (an owner, in
 * scheduler.ts) has an account of the work it has been given, and the
 * next turn goes to the key with the smallest account among those with work
 * ready, the least recently served first on a tie. A key that joins starts at
 * the smallest account of the keys already present: it cannot bank credit
 * while idle, and it is not made to pay for the others' history, so a newcomer
 * is served at the next turn. Accounts of keys that leave are forgotten.
 * The accounts can be saved and restored (snapshot/restore), so a store keeps
 * them between claims and every worker of a cluster serves from the same ones.
 */
export interface Account {
  work: number;
  /** Turn number of the last charge; 0 = never served, which wins a tie. */
  lastServed: number;
}

export class FairQueue<K> {
  private readonly accounts = new Map<K, Account>();
  private turns = 0;

  /** A queue holding saved accounts; turns continue after the latest one served. */
  static restore<K>(saved: Iterable<[K, Account]>): FairQueue<K> {
    const queue = new FairQueue<K>();
    for (const [key, account] of saved) {
      queue.accounts.set(key, { ...account });
      queue.turns = Math.max(queue.turns, account.lastServed);
    }
    return queue;
  }

  /** Every account, to save. */
  snapshot(): [K, Account][] {
    return [...this.accounts].map(([key, account]) => [key, { ...account }]);
  }

  join(key: K): void {
    if (this.accounts.has(key)) return;
    let floor = Infinity;
    for (const account of this.accounts.values()) floor = Math.min(floor, account.work);
    this.accounts.set(key, { work: Number.isFinite(floor) ? floor : 0, lastServed: 0 });
  }

  leave(key: K): void {
    this.accounts.delete(key);
  }

  /** The key to serve next among `ready` (each must have joined), or undefined when none is ready. */
  pick(ready: Iterable<K>): K | undefined {
    let best: K | undefined;
    let bestAccount: Account | undefined;
    for (const key of ready) {
      const account = this.accounts.get(key)!;
      if (!bestAccount || account.work < bestAccount.work || (account.work === bestAccount.work && account.lastServed < bestAccount.lastServed)) {
        best = key;
        bestAccount = account;
      }
    }
    return best;
  }

  /** Record `work` units given to `key` (rows × perils for a chunk; 0 for a chunk re-read from a checkpoint). */
  charge(key: K, work: number): void {
    const account = this.accounts.get(key);
    if (!account) return;
    account.work += work;
    account.lastServed = ++this.turns;
  }
}
