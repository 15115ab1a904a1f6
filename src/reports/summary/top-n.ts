/**
 * The first `limit` items of a stream under an order, in O(limit) memory:
 * items are buffered and, whenever the buffer doubles, sorted and cut back.
 * After a cut, an item that ranks no better than the last kept one is
 * refused at once; an accepted item goes through `retain` (the summaries copy
 * its strings off the read buffers there). Exact: the cut never drops an item
 * that could still rank within the limit.
 */
export class TopN<T> {
  private items: T[] = [];
  private seen = 0;
  /** The last kept item after the latest cut, once the limit is reached. */
  private cutoff: T | null = null;

  constructor(
    private readonly limit: number,
    private readonly compare: (a: T, b: T) => number,
    private readonly retain: (item: T) => T = (item) => item,
  ) {}

  add(item: T): void {
    this.seen++;
    if (this.limit <= 0 || (this.cutoff !== null && this.compare(item, this.cutoff) >= 0)) return;
    this.items.push(this.retain(item));
    if (this.items.length >= 2 * this.limit) this.cut();
  }

  /** How many items were offered (the table's "of N"). */
  get total(): number {
    return this.seen;
  }

  /** The kept items, best first. */
  result(): T[] {
    this.cut();
    return this.items;
  }

  private cut(): void {
    this.items.sort(this.compare);
    if (this.items.length >= this.limit) {
      this.items.length = this.limit;
      this.cutoff = this.items[this.limit - 1]!;
    }
  }
}
