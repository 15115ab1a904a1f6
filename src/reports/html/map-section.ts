import { LIMITS } from '../../limits.js';
import type { MapPoints } from '../summary/map-bins.js';
import { escapeHtml } from './escape.js';
import { formatCount } from './format.js';
import { MAP_VIEWBOX, worldPaths } from './outline-map.js';

/**
 * The map section: the inline SVG world (land and borders), the layer
 * picker, zoom controls and the legend. client/report.ts adds the points
 * from the inline data and handles zoom (wheel, buttons) and pan (drag).
 */
export interface MapSection {
  title: string;
  points: MapPoints;
  /** Layer names in data order (the picker's options). */
  layers: string[];
  defaultLayer: number;
  /** Legend text per class (band rank). */
  legend: string[];
  /** How many locations could have been mapped (for "N of M mapped"). */
  total: number;
}

export function mapSection(section: MapSection): string {
  const world = worldPaths();
  const { x, y, width, height } = MAP_VIEWBOX;
  const options = section.layers
    .map((name, i) => `<option value="${i}"${i === section.defaultLayer ? ' selected' : ''}>${escapeHtml(name)}</option>`)
    .join('');
  const legend = section.legend.map((text, rank) => `<li><span class="chip b${rank}"></span>${escapeHtml(text)}</li>`).join('');
  return `<section id="map-section">
<h2>${escapeHtml(section.title)}</h2>
<p class="note" id="map-note">${binningNote(section.points, section.total)}</p>
<div class="map-tools">
<label>Layer <select id="map-layer">${options}</select></label>
<button type="button" id="map-zoom-in" aria-label="Zoom in">+</button><button type="button" id="map-zoom-out" aria-label="Zoom out">−</button><button type="button" id="map-reset">Whole world</button>
<span class="note">Scroll to zoom, drag to pan; hover over a point for details.</span>
</div>
<div class="map-wrap"><svg id="map" viewBox="${x} ${y} ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="World map of the schedule's locations">
<path class="land" d="${world.land}"/><path class="borders" d="${world.borders}"/><g id="map-points"></g>
</svg></div>
<p class="map-info" id="map-info" aria-live="polite">Hover over a point for details.</p>
<ul class="legend">${legend}</ul>
</section>`;
}

function binningNote(points: MapPoints, total: number): string {
  const mapped = `${formatCount(points.located)} of ${formatCount(total)} locations are mapped (locations with coordinates and at least one successful result).`;
  if (points.cell === 0) return `${mapped} Each point is one location; locations at identical coordinates share a point.`;
  return `${mapped} This schedule has more locations than the map draws one by one, so locations are grouped on a ${points.cell}° grid (at most ${formatCount(LIMITS.report.mapPoints)} points): each point takes the riskiest class among its locations and grows with their number.`;
}
