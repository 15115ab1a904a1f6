import { s } from '../dom.js';
import type { FootprintCollection } from '../types.js';
import { cosDeg, KM_PER_DEGREE } from '../../../geo/sphere.js';

/**
 * An inline SVG map round one place, with no tile server: land and borders
 * from world.json (built from world-atlas by src/ui/build/world-json.ts, path
 * units of 1/units_per_degree degree with y = −latitude), drawn in a plate
 * carrée stretched by cos(latitude) so shapes near the place keep their
 * proportions. Search radii and event footprints are drawn on top.
 */
interface WorldData {
  units_per_degree: number;
  land: string;
  borders: string;
}

export interface PlaceMap {
  element: SVGSVGElement;
  /** Circles for the search radius of each listing (km). */
  addRadius(label: string, radiusKm: number): void;
  addFootprint(label: string, footprint: FootprintCollection): void;
}

const ASPECT = 4 / 3;
/** Most the view widens to fit a footprint (degrees of latitude either side). */
const MAX_HALF_SPAN = 25;

let world: Promise<WorldData> | null = null;

function loadWorld(): Promise<WorldData> {
  world ??= fetch('world.json', { credentials: 'omit' }).then((r) => {
    if (!r.ok) throw new Error(`world.json: ${r.status}`);
    return r.json() as Promise<WorldData>;
  });
  world.catch(() => {
    world = null;
  });
  return world;
}

export function createPlaceMap(latitude: number, longitude: number, placeLabel: string): PlaceMap {
  const stretch = Math.max(0.05, cosDeg(latitude));
  const project = (lon: number, lat: number): [number, number] => [(lon - longitude) * stretch, -(lat - latitude)];
  let halfSpan = 1;
  const setView = (): void => svg.setAttribute('viewBox', `${-halfSpan * ASPECT} ${-halfSpan} ${2 * halfSpan * ASPECT} ${2 * halfSpan}`);
  const include = (half: number): void => {
    halfSpan = Math.min(MAX_HALF_SPAN, Math.max(halfSpan, half));
    setView();
  };

  const svg = s('svg', { class: 'map', role: 'img', 'aria-label': `Map around ${placeLabel}`, preserveAspectRatio: 'xMidYMid meet' });
  const base = s('g', { class: 'basemap' });
  const overlays = s('g', { class: 'overlays' });
  const marks = s('g', { class: 'marks' });
  svg.append(s('title', {}, `Map around ${placeLabel}`), s('rect', { class: 'sea', x: -1000, y: -1000, width: 2000, height: 2000 }), base, overlays, marks);
  setView();

  void loadWorld().then(
    (data) => {
      const scale = 1 / data.units_per_degree;
      const transform = `translate(${-longitude * stretch} ${latitude}) scale(${stretch * scale} ${scale})`;
      base.append(
        s('path', { d: data.land, class: 'land', transform, 'vector-effect': 'non-scaling-stroke' }),
        s('path', { d: data.borders, class: 'borders', transform, 'vector-effect': 'non-scaling-stroke' }),
      );
    },
    () => base.appendChild(s('text', { x: 0, y: 0, class: 'tick', 'text-anchor': 'middle' }, 'The base map could not be loaded.')),
  );

  const marker = s('circle', { cx: 0, cy: 0, r: 0.04, class: 'place', 'vector-effect': 'non-scaling-stroke' }, s('title', {}, placeLabel));
  marks.appendChild(marker);
  const resizeMarker = (): void => marker.setAttribute('r', String(halfSpan * 0.025));

  return {
    element: svg,
    addRadius(label, radiusKm) {
      const r = radiusKm / KM_PER_DEGREE;
      overlays.appendChild(s('circle', { cx: 0, cy: 0, r, class: 'radius', 'vector-effect': 'non-scaling-stroke' }, s('title', {}, label)));
      include(r * 1.15);
      resizeMarker();
    },
    addFootprint(label, footprint) {
      const group = s('g', { class: 'footprint' }, s('title', {}, label));
      let extent = 0;
      for (const feature of footprint.features) {
        const polygons = (feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates) as number[][][][];
        const d = polygons
          .flatMap((rings) =>
            rings.map((ring) =>
              ring
                .map(([lon, lat], i) => {
                  const [x, y] = project(lon!, lat!);
                  extent = Math.max(extent, Math.abs(x) / ASPECT, Math.abs(y));
                  return `${i === 0 ? 'M' : 'L'}${x.toFixed(4)} ${y.toFixed(4)}`;
                })
                .join('') + 'Z',
            ),
          )
          .join('');
        const visual = feature.properties.visual;
        const path = s('path', { d, 'fill-rule': 'evenodd', 'vector-effect': 'non-scaling-stroke', class: 'footprint-shape' });
        if (visual) {
          path.setAttribute('fill', visual.fill);
          path.setAttribute('fill-opacity', String(visual.fill_opacity));
          path.setAttribute('stroke', visual.stroke);
        }
        group.appendChild(path);
      }
      overlays.appendChild(group);
      include(extent * 1.1);
      resizeMarker();
    },
  };
}
