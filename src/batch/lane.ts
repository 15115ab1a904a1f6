/**
 * A lane of at most `size` builds at once; callers beyond that wait in
 * arrival order. acquire() resolves with the function that frees the place.
 */
export class Lane {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async acquire(): Promise<() => void> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The place passes straight to the next caller, so `active` stays counted.
      if (next) next();
      else this.active--;
    };
  }
}
