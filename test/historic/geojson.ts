/**
 * Footprint validity checks shared by the historic tests: geojson-validation
 * (structure), closed rings of four or more positions inside ±180°/±90°, the
 * RFC 7946 right-hand rule (exteriors counter-clockwise, holes clockwise) and,
 * where asked, no self-intersections (@turf/kinks).
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { kinks } from '@turf/kinks';
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson';

const gjv = createRequire(import.meta.url)('geojson-validation') as { isFeature(feature: unknown, trace: true): string[] };

/** Shoelace area in degrees² (positive: counter-clockwise). */
export function signedArea(ring: readonly Position[]): number {
  let sum = 0;
  for (let k = 0; k + 1 < ring.length; k++) sum += ring[k]![0]! * ring[k + 1]![1]! - ring[k + 1]![0]! * ring[k]![1]!;
  return sum / 2;
}

export function polygonsOf(geometry: Polygon | MultiPolygon): Position[][][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

export function assertValidFeature(feature: Feature, options: { kinks?: boolean } = {}): void {
  assert.deepEqual(gjv.isFeature(feature, true), [], 'geojson-validation');
  const geometry = feature.geometry as Polygon | MultiPolygon;
  assert.ok(geometry.type === 'Polygon' || geometry.type === 'MultiPolygon', `geometry type ${geometry.type}`);
  for (const rings of polygonsOf(geometry)) {
    rings.forEach((ring, k) => {
      assert.ok(ring.length >= 4, 'a ring has at least four positions');
      assert.deepEqual(ring[0], ring[ring.length - 1], 'rings are closed');
      for (const [lon, lat] of ring) assert.ok(Math.abs(lon!) <= 180 && Math.abs(lat!) <= 90, `position ${lon},${lat} in range`);
      if (k === 0) assert.ok(signedArea(ring) > 0, 'exterior rings run counter-clockwise');
      else assert.ok(signedArea(ring) < 0, 'holes run clockwise');
    });
  }
  if (options.kinks) assert.equal(kinks(feature as Feature<Polygon | MultiPolygon>).features.length, 0, 'no self-intersections');
}
