/**
 * The one normalised-name index. Every distinct normalised place name is
 * stored once in a single concatenated string and found through an
 * open-addressing hash table of typed arrays: no per-name objects, no sort at
 * start-up. Each name owns a run of place indices in ascending order, which is
 * rank order (population, then GeoNames id; see loadGazetteer), so the first
 * place of a run is the default answer.
 */
import { placeName, type Gazetteer } from './gazetteer.js';
import { normalizeText } from './normalize.js';

const EMPTY = new Uint32Array(0);
const PARENTHESISED = /\([^)]*\)/g;

/**
 * The keys a place name is found under: the whole name, the part before a
 * comma ("Washington, D.C." is also "Washington") and the name without a
 * parenthesised remark ("Zürich (Kreis 11)" is also "Zürich").
 */
function nameKeys(name: string): string[] {
  const keys = [normalizeText(name)];
  const comma = name.indexOf(',');
  if (comma > 0) keys.push(normalizeText(name.slice(0, comma)));
  if (name.includes('(')) keys.push(normalizeText(name.replace(PARENTHESISED, ' ')));
  return keys;
}

/** FNV-1a over UTF-16 code units. */
function hashKey(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** Slots for n keys at a load factor of at most 2/3, a power of two so probing can mask. */
function slotCount(keys: number): number {
  let slots = 1024;
  while (slots * 2 < keys * 3) slots *= 2;
  return slots;
}

/** Every (key, place) pair, places in index order, no pair twice. */
function collectEntries(gazetteer: Gazetteer, aliases: ReadonlyMap<number, readonly string[]>): { keys: string[]; places: number[] } {
  const keys: string[] = [];
  const places: number[] = [];
  for (let place = 0; place < gazetteer.count; place++) {
    const own = nameKeys(placeName(gazetteer, place));
    for (const alias of aliases.get(gazetteer.geonameId[place]!) ?? []) own.push(normalizeText(alias));
    own.forEach((key, i) => {
      if (key === '' || own.indexOf(key) !== i) return;
      keys.push(key);
      places.push(place);
    });
  }
  return { keys, places };
}

export class NameIndex {
  private constructor(
    /** Distinct keys concatenated; key k is keys.slice(keyStart[k], keyStart[k + 1]). */
    private readonly keys: string,
    private readonly keyStart: Uint32Array,
    /** Hash slots holding key number + 1; 0 is empty. */
    private readonly slots: Uint32Array,
    /** Key k owns postings.subarray(postingStart[k], postingStart[k + 1]). */
    private readonly postingStart: Uint32Array,
    private readonly postings: Uint32Array,
  ) {}

  /** aliases: GeoNames id → extra names (data/place-aliases.json). */
  static build(gazetteer: Gazetteer, aliases: ReadonlyMap<number, readonly string[]>): NameIndex {
    const entries = collectEntries(gazetteer, aliases);
    const slots = new Uint32Array(slotCount(entries.keys.length));
    const mask = slots.length - 1;
    const distinct: string[] = [];
    const entryKey = Uint32Array.from(entries.keys, (key) => {
      let slot = hashKey(key) & mask;
      for (;;) {
        const stored = slots[slot]!;
        if (stored === 0) {
          slots[slot] = distinct.push(key);
          return distinct.length - 1;
        }
        if (distinct[stored - 1] === key) return stored - 1;
        slot = (slot + 1) & mask;
      }
    });

    // A counting sort by key keeps each run in index (= rank) order.
    const postingStart = new Uint32Array(distinct.length + 1);
    for (const key of entryKey) postingStart[key + 1]!++;
    for (let key = 0; key < distinct.length; key++) postingStart[key + 1]! += postingStart[key]!;
    const next = postingStart.slice(0, distinct.length);
    const postings = new Uint32Array(entryKey.length);
    entryKey.forEach((key, entry) => {
      postings[next[key]!++] = entries.places[entry]!;
    });

    const keyStart = new Uint32Array(distinct.length + 1);
    distinct.forEach((key, k) => {
      keyStart[k + 1] = keyStart[k]! + key.length;
    });
    return new NameIndex(distinct.join(''), keyStart, slots, postingStart, postings);
  }

  /** Distinct normalised names. */
  get size(): number {
    return this.keyStart.length - 1;
  }

  /** Places whose normalised name is exactly `key`, best ranked first; empty when none. */
  lookup(key: string): Uint32Array {
    const mask = this.slots.length - 1;
    for (let slot = hashKey(key) & mask; ; slot = (slot + 1) & mask) {
      const stored = this.slots[slot]!;
      if (stored === 0) return EMPTY;
      if (this.keyEquals(stored - 1, key)) {
        return this.postings.subarray(this.postingStart[stored - 1]!, this.postingStart[stored]!);
      }
    }
  }

  /** Compares stored key k with `key` without slicing the concatenated string. */
  private keyEquals(k: number, key: string): boolean {
    const start = this.keyStart[k]!;
    if (this.keyStart[k + 1]! - start !== key.length) return false;
    for (let i = 0; i < key.length; i++) {
      if (this.keys.charCodeAt(start + i) !== key.charCodeAt(i)) return false;
    }
    return true;
  }
}
