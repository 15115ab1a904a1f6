import { readGzipText, sourceFile } from '../../catalogues/files.js';

/**
 * Vertex lists of a gzipped GeoJSON FeatureCollection under HAZRISK_SOURCES:
 * every LineString, every part of a MultiLineString and every ring of a
 * (Multi)Polygon, as [lon, lat] arrays — all together (readGeoJsonPaths) or
 * grouped by feature (readGeoJsonFeatures).
 */
type Position = [number, number];
interface Geometry {
  type: string;
  coordinates: unknown;
}

function pathsOf(g: Geometry | null): Position[][] {
  if (!g) return [];
  if (g.type === 'LineString') return [g.coordinates as Position[]];
  if (g.type === 'MultiLineString' || g.type === 'Polygon') return g.coordinates as Position[][];
  if (g.type === 'MultiPolygon') return (g.coordinates as Position[][][]).flat();
  return [];
}

export function readGeoJsonFeatures(sourcesDir: string, folder: string, file: string): Position[][][] {
  const collection = JSON.parse(readGzipText(sourceFile(sourcesDir, folder, file))) as { features?: Array<{ geometry: Geometry | null }> };
  return (collection.features ?? []).map((f) => pathsOf(f.geometry));
}

export function readGeoJsonPaths(sourcesDir: string, folder: string, file: string): Position[][] {
  return readGeoJsonFeatures(sourcesDir, folder, file).flat();
}
