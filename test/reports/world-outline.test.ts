import assert from 'node:assert/strict';
import { describe, it } from '../helpers/harness.js';
import { outlinePath, worldOutline } from '../../src/geo/world-outline.js';
import { MAP_SCALE, worldPaths } from '../../src/reports/html/outline-map.js';
import { UNITS_PER_DEGREE, worldMapData } from '../../src/ui/build/world-json.js';

/**
 * The one world-atlas → SVG path converter (src/geo/world-outline.ts), used by
 * the report's inline map (1:110m, 10 units per degree, compact numbers) and
 * the web interface's world.json (1:50m, 100 units per degree, spaced).
 */

/** Path data → absolute integer points per subpath (M, l and z only, as the converter writes). */
function decode(d: string): [number, number][][] {
  const tokens = d.match(/[Mlz]|-?\d+/g) ?? [];
  assert.equal(tokens.join('').length, d.replace(/ /g, '').length, 'only M, l, z and integers');
  const paths: [number, number][][] = [];
  let mode = '';
  let numbers: number[] = [];
  const flush = (): void => {
    for (let i = 0; i + 1 < numbers.length; i += 2) {
      const current = paths[paths.length - 1]!;
      if (mode === 'M') current.push([numbers[i]!, numbers[i + 1]!]);
      else {
        const [x, y] = current[current.length - 1]!;
        current.push([x + numbers[i]!, y + numbers[i + 1]!]);
      }
    }
    numbers = [];
  };
  for (const token of tokens) {
    if (token === 'M' || token === 'l' || token === 'z') {
      flush();
      if (token === 'M') paths.push([]);
      mode = token;
    } else numbers.push(Number(token));
  }
  flush();
  return paths;
}

describe('world outline converter', () => {
  it('rounds to integer units, drops repeated points and one-point subpaths, and writes relative steps', () => {
    const line = [[0, 0], [0.04, 0.04], [1, 0.5], [0.5, 1], [0.52, 1.01]];
    assert.equal(outlinePath([line], false, { unitsPerDegree: 10, separator: 'compact' }), 'M0 0l10-5-5-5');
    assert.equal(outlinePath([line], false, { unitsPerDegree: 10, separator: 'spaced' }), 'M0 0l10 -5 -5 -5');
    const ring = [[2, 1], [3, 1], [3, 2], [2, 1]];
    const tiny = [[0, 0], [0.01, 0], [0, 0.01], [0, 0]];
    assert.equal(outlinePath([ring, tiny], true, { unitsPerDegree: 10, separator: 'compact' }), 'M20 -10l10 0 0-10-10 10z');
    assert.equal(outlinePath([tiny], true, { unitsPerDegree: 10, separator: 'spaced' }), '');
    assert.equal(outlinePath([[[0, 0], [0.001, 0]]], false, { unitsPerDegree: 100, separator: 'spaced' }), '');
  });

  it('the report map and world.json are the converter at their resolutions and scales', () => {
    assert.deepEqual(worldPaths(), worldOutline({ resolution: '110m', unitsPerDegree: MAP_SCALE, separator: 'compact' }));
    const ui = worldMapData();
    assert.equal(ui.units_per_degree, UNITS_PER_DEGREE);
    assert.deepEqual({ land: ui.land, borders: ui.borders }, worldOutline({ resolution: '50m', unitsPerDegree: UNITS_PER_DEGREE, separator: 'spaced' }));
  });

  it('compact and spaced numbers encode the same points', () => {
    const compact = worldOutline({ resolution: '50m', unitsPerDegree: 100, separator: 'compact' });
    const spaced = worldOutline({ resolution: '50m', unitsPerDegree: 100, separator: 'spaced' });
    assert.ok(compact.land.length < spaced.land.length);
    for (const part of ['land', 'borders'] as const) {
      const points = decode(compact[part]);
      assert.ok(points.length > 100, `${part}: ${points.length} subpaths`);
      assert.deepEqual(points, decode(spaced[part]), part);
      // Every point is within the world, and no step repeats its point.
      for (const subpath of points) {
        for (const [x, y] of subpath) assert.ok(Math.abs(x) <= 180 * 100 && Math.abs(y) <= 90 * 100);
        const repeated = subpath.findIndex((p, i) => i > 0 && p[0] === subpath[i - 1]![0] && p[1] === subpath[i - 1]![1]);
        assert.equal(repeated, -1, `${part}: repeated point`);
      }
    }
  });
});
