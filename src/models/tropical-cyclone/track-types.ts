/**
 * The shape every best track is normalised to (stable API, also read by
 * src/historic), and the units the catalogues report in: winds in knots
 * (1-minute sustained), radii in nautical miles (conversions in src/units.ts). Geometry is in src/geo/sphere.ts.
 */

export type Basin = 'NA' | 'EP' | 'CP' | 'WP' | 'NI' | 'SI' | 'SP';
/** Storm stage where the source reports one (null: the source gives none). */
export type Stage = 'tropical' | 'subtropical' | 'extratropical' | 'disturbance';
/** Nautical miles per quadrant. */
export type Quadrants = { ne: number; se: number; sw: number; nw: number };

export interface TrackFix {
  /** Epoch milliseconds, UTC. */
  time: number;
  lat: number;
  /** −180 … 180. */
  lon: number;
  vmaxKt: number | null;
  pressureHpa: number | null;
  rmwNm: number | null;
  r34: Quadrants | null;
  r50: Quadrants | null;
  r64: Quadrants | null;
  /** Extension to the contract: stage, used to keep extratropical remnants out of coverage. */
  stage: Stage | null;
}

export interface Storm {
  /** ATCF-style and stable (AL112017, EP…, CP…, WP011970, IO052019, SH011982); IBTrACS storms no JTWC file holds keep their IBTrACS sid. */
  id: string;
  name: string | null;
  basin: Basin;
  season: number;
  source: string;
  fixes: TrackFix[];
}
