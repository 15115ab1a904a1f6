import { CELLS } from './half-degree.js';
import { ringCover, type Ring } from './scanlines.js';
import { geometryRings, loadWorldAtlas, type TopoGeometry, type Topology } from './world-atlas.js';

/**
 * The country of every 0.5° cell: the Natural Earth 1:50m country (world-atlas,
 * ISO 3166 numeric id) that covers most of the cell. Models use it to apply
 * tables published by country (observed burned area, flood protection
 * standards). Polygons without an id (Somaliland, Kosovo, N. Cyprus,
 * Siachen) belong to no country.
 *
 * Coverage is scanlines.ts's `ringCover` in wrap mode: only over the lines a
 * country spans, so ~240 countries rasterise in a fraction of a second, and
 * rings across the antimeridian fall on both sides of it.
 */
export interface CountryGrid {
  /** ISO 3166 numeric ids as world-atlas spells them ("840", "076"). */
  ids: string[];
  /** Index into `ids` of each cell's country, −1 where no country covers it. */
  countryOf: Int16Array;
}

/** Rings per polygon part, as geometryRings returns them (outer ring and holes). */
function ringCount(geometry: TopoGeometry): number {
  if (geometry.type === 'Polygon') return (geometry.arcs as unknown[]).length;
  if (geometry.type === 'MultiPolygon') return (geometry.arcs as unknown[][]).reduce((n, part) => n + part.length, 0);
  return 0;
}

/**
 * Every country's rings from one decoding of the arcs (geometryRings decodes
 * all arcs per call): the countries are read as one MultiPolygon and its rings
 * handed back country by country.
 */
function ringsByCountry(topology: Topology, geometries: TopoGeometry[]): Ring[][] {
  const parts = geometries.flatMap((g) => (g.type === 'Polygon' ? [g.arcs] : g.type === 'MultiPolygon' ? (g.arcs as unknown[]) : []));
  const all = geometryRings(topology, { type: 'MultiPolygon', arcs: parts });
  let at = 0;
  return geometries.map((g) => {
    const n = ringCount(g);
    const rings = all.slice(at, at + n);
    at += n;
    return rings;
  });
}

export function countryGrid(topology: Topology = loadWorldAtlas()): CountryGrid {
  const geometries = (topology.objects.countries?.geometries ?? []).filter((g) => g.id !== undefined);
  const countryOf = new Int16Array(CELLS).fill(-1);
  const best = new Float64Array(CELLS);
  ringsByCountry(topology, geometries).forEach((rings, k) => {
    for (const [cell, fraction] of ringCover(rings, { wrap: true })) {
      if (fraction > best[cell]!) {
        best[cell] = fraction;
        countryOf[cell] = k;
      }
    }
  });
  return { ids: geometries.map((g) => g.id!), countryOf };
}
