/**
 * The one style table for `?include_visual_data=true`: every style a
 * historic footprint is drawn with, and the rule that picks it. Colours are
 * hex strings, opacities 0–1, stroke_width and marker_size in pixels; higher
 * z_index draws on top (stronger classes above weaker ones).
 */
import type { HistoricPeril } from './perils.js';
import type { FootprintVisual as Visual } from './schema.js';

interface StyleClass {
  /** The class applies from this value up (size in the stored unit; TC: swath threshold in m/s). */
  from: number;
  label: string;
  visual: Visual;
}

function style(stroke: string, fill: string, z_index: number, fill_opacity = 0.35, marker_size = 8): Visual {
  return { stroke, stroke_opacity: 0.9, stroke_width: 1.5, fill, fill_opacity, fill_opacity_on_hover: Math.min(1, fill_opacity + 0.3), z_index, marker_size };
}

export const STYLE_TABLE: Readonly<Record<HistoricPeril, readonly StyleClass[]>> = {
  Hail: [
    { from: 0, label: 'below 1 inch', visual: style('#5b8fd9', '#a9c8f0', 1, 0.3, 6) },
    { from: 1, label: '1 to 2 inches', visual: style('#2f5fb3', '#6a9be0', 2, 0.4, 8) },
    { from: 2, label: '2 inches and over', visual: style('#1b2f80', '#3b5bc4', 3, 0.5, 10) },
  ],
  Wildfire: [
    { from: 0, label: 'circle from burnt area', visual: style('#b35806', '#fdb863', 2, 0.25, 6) },
    { from: 1, label: 'recorded perimeter', visual: style('#8c2d04', '#e6550d', 1, 0.45, 8) },
  ],
  TropicalCyclone: [
    { from: 0, label: '34 kt swath', visual: style('#c9a227', '#f6e39a', 1, 0.3, 8) },
    { from: 25, label: '50 kt swath', visual: style('#d9822b', '#f4b266', 2, 0.4, 8) },
    { from: 32, label: '64 kt swath', visual: style('#b2182b', '#e45756', 3, 0.5, 8) },
  ],
  Tornado: [
    { from: -1, label: 'unrated', visual: style('#737373', '#bdbdbd', 1, 0.4, 6) },
    { from: 0, label: 'EF0–EF1', visual: style('#6a51a3', '#bcbddc', 2, 0.45, 6) },
    { from: 2, label: 'EF2–EF3', visual: style('#54278f', '#9e9ac8', 3, 0.55, 8) },
    { from: 4, label: 'EF4–EF5', visual: style('#3f007d', '#6a51a3', 4, 0.65, 10) },
  ],
};

/**
 * The style of one footprint. Hail and Tornado go by the event's size, TC by
 * the swath's threshold, Wildfire by whether the perimeter was recorded.
 */
export function visualFor(peril: HistoricPeril, eventSize: number | null, footprintValue: number | null, createdBy: string): Visual {
  const basis =
    peril === 'TropicalCyclone' ? (footprintValue ?? 0) : peril === 'Wildfire' ? (createdBy.startsWith('hazrisk:circle') ? 0 : 1) : (eventSize ?? -1);
  const classes = STYLE_TABLE[peril];
  let chosen = classes[0]!;
  for (const c of classes) if (basis >= c.from) chosen = c;
  return chosen.visual;
}
