import type { PerilName } from '../engine/perils.js';
import type { HazardTable } from '../engine/table-spec.js';

/** What the table build gives each model builder. */
export interface BuildContext {
  /** Root of the public catalogues (HAZRISK_SOURCES, default ../shared/data). */
  sourcesDir: string;
  /** This builder's progress, 0–1, with a short label for the progress bar. */
  progress(fraction: number, label?: string): void;
  log(message: string): void;
  /** Tables built earlier in this run (builders run in registry order; TropicalCyclone first). */
  built: ReadonlyMap<PerilName, HazardTable>;
}

/**
 * A model builder turns catalogues into hazard tables for one or more perils.
 * It must be deterministic: the same inputs give byte-identical tables.
 */
export interface ModelBuilder {
  /** Short name for progress output, e.g. "tropical-cyclone". */
  name: string;
  perils: readonly PerilName[];
  /** Folders under sourcesDir the builder reads (recorded in the manifest). */
  sources: readonly string[];
  build(ctx: BuildContext): Promise<HazardTable[]>;
}
