/**
 * Bounding box and centroid of a footprint, for the store's columns and the
 * spatial index. Footprints never cross ±180° (swaths are cut there), so
 * plain minima and maxima are right.
 */
import type { Position } from 'geojson';
import type { Footprint } from './codec.js';
import type { Box } from './search-boxes.js';

function polygonsOf(footprint: Footprint): Position[][][] {
  return footprint.type === 'Polygon' ? [footprint.coordinates] : footprint.coordinates;
}

export function footprintBox(footprint: Footprint): Box {
  const box: Box = { minLon: Infinity, minLat: Infinity, maxLon: -Infinity, maxLat: -Infinity };
  for (const rings of polygonsOf(footprint)) {
    for (const [lon, lat] of rings[0] ?? []) {
      box.minLon = Math.min(box.minLon, lon!);
      box.minLat = Math.min(box.minLat, lat!);
      box.maxLon = Math.max(box.maxLon, lon!);
      box.maxLat = Math.max(box.maxLat, lat!);
    }
  }
  return box;
}

/** Area-weighted centroid of the exterior rings (planar in degrees; holes ignored), [lon, lat]. */
export function footprintCentroid(footprint: Footprint): [number, number] {
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (const rings of polygonsOf(footprint)) {
    const ring = rings[0] ?? [];
    const [ox, oy] = ring[0] ?? [0, 0];
    for (let k = 0; k + 1 < ring.length; k++) {
      const x1 = ring[k]![0]! - ox!;
      const y1 = ring[k]![1]! - oy!;
      const x2 = ring[k + 1]![0]! - ox!;
      const y2 = ring[k + 1]![1]! - oy!;
      const cross = x1 * y2 - x2 * y1;
      area += cross;
      cx += (x1 + x2) * cross + 3 * ox! * cross;
      cy += (y1 + y2) * cross + 3 * oy! * cross;
    }
  }
  if (area === 0) {
    const box = footprintBox(footprint);
    return [(box.minLon + box.maxLon) / 2, (box.minLat + box.maxLat) / 2];
  }
  return [cx / (3 * area), cy / (3 * area)];
}
