/**
 * Choosing one place for a name and its qualifiers. Rules (docs/geocoding.md,
 * "Ranking"): only places satisfying every recognised qualifier are eligible;
 * among them the most populous wins, then the lowest GeoNames id. A country
 * qualifier reaches its territories only when no place in the country itself
 * fits ("Saint-Denis, France" is the one near Paris, not Réunion's).
 * Qualifiers nobody recognises ("Dade County") are ignored rather than
 * failing the query.
 */
import type { Gazetteer } from './gazetteer.js';
import type { NameIndex } from './name-index.js';
import { satisfiesAll, type Qualifier, type QualifierTable } from './qualifiers.js';

/** Longest qualifier peeled off the end of a comma-free query ("New South Wales" is three words). */
const MAX_QUALIFIER_WORDS = 3;
/** Qualifiers peeled from one query; bounds the search on long repetitive input. */
const MAX_PEELED = 3;

export class PlaceResolver {
  constructor(
    private readonly gazetteer: Gazetteer,
    private readonly names: NameIndex,
    private readonly qualifiers: QualifierTable,
  ) {}

  /** parts: normalised, non-empty, name first. The chosen place index, or -1. */
  resolve(parts: readonly string[]): number {
    const [name, ...rest] = parts;
    if (name === undefined) return -1;
    const qualifiers = rest.map((part) => this.qualifiers.lookup(part)).filter((q): q is Qualifier => q !== undefined);
    if (rest.length === 0) {
      // A bare code names no place ("USA" is not the town of Usa, Japan), and a bare
      // country name only a place inside that country ("Brazil" is not Brazil, Indiana).
      if (this.qualifiers.isCode(name)) return -1;
      const itself = this.qualifiers.lookup(name);
      if (itself && itself.countries.size > 0) qualifiers.push(itself);
    }
    return this.resolveWords(name.split(' '), qualifiers, 0);
  }

  /**
   * Tries the words as a whole name first; failing that, reads trailing words
   * as a qualifier ("Miami FL", "Portland Maine", "Sydney New South Wales"),
   * shortest qualifier first so the longest possible name is preferred.
   */
  private resolveWords(words: readonly string[], qualifiers: readonly Qualifier[], peeled: number): number {
    const found = this.best(this.names.lookup(words.join(' ')), qualifiers);
    if (found >= 0 || peeled >= MAX_PEELED) return found;
    for (let size = 1; size <= Math.min(MAX_QUALIFIER_WORDS, words.length - 1); size++) {
      const qualifier = this.qualifiers.lookup(words.slice(-size).join(' '));
      if (!qualifier) continue;
      const place = this.resolveWords(words.slice(0, -size), [qualifier, ...qualifiers], peeled + 1);
      if (place >= 0) return place;
    }
    return -1;
  }

  /** Candidates arrive ranked (population, then id), so the first eligible one wins. */
  private best(candidates: Uint32Array, qualifiers: readonly Qualifier[]): number {
    for (const territories of [false, true]) {
      for (const place of candidates) {
        if (satisfiesAll(this.gazetteer, place, qualifiers, territories)) return place;
      }
      if (qualifiers.length === 0) break;
    }
    return -1;
  }
}
