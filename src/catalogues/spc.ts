import { readCsvRecords, sourceFile } from './files.js';
import { CATALOGUES } from './registry.js';

/**
 * The NOAA SPC tornado database as one reader, for the tornado model and the
 * historic events alike: spc-tornado (1950–2022) has one row per whole track;
 * spc-severe-yearly's 2023 file also holds the parts of those tracks — state
 * segments (sg = 2) and state summaries (sg = −9) — so only its sg = 1 rows
 * are tracks.
 */
const FILES = [
  { ...CATALOGUES.spcTornado, wholeTrack: (_row: Record<string, string>) => true },
  { ...CATALOGUES.spcTornado2023, wholeTrack: (row: Record<string, string>) => row.sg?.trim() === '1' },
] as const;

export interface SpcTrackRow {
  row: Record<string, string>;
  /** The catalogue folder the row came from. */
  folder: string;
}

/** Every whole-track row of both files, in file order. */
export function spcTornadoTracks(sourcesDir: string): SpcTrackRow[] {
  return FILES.flatMap((source) =>
    readCsvRecords(sourceFile(sourcesDir, source.folder, source.file))
      .filter(source.wholeTrack)
      .map((row) => ({ row, folder: source.folder })),
  );
}
