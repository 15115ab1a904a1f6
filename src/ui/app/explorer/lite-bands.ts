import { BANDS, NO_RESULT_COLOUR } from '../../../lite/bands.js';
import { fill, h } from '../dom.js';
import { years } from '../format.js';
import type { LiteResponse } from '../types.js';

/**
 * GET /v1/lite's scores as band badges. Colours come from the service's own
 * band table (src/lite/bands.ts, bundled in), and every badge also names its
 * band in text, so colour is never the only cue.
 */
function textColourOn(background: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(background.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  // Pick whichever of black or white contrasts more with the band colour.
  return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? '#000000' : '#ffffff';
}

function badge(band: string): HTMLElement {
  const colour = BANDS.find((b) => b.name === band)?.colour ?? NO_RESULT_COLOUR;
  const element = h('span', { class: 'band' }, band);
  element.style.backgroundColor = colour;
  element.style.color = textColourOn(colour);
  return element;
}

export function renderLite(container: Element, lite: LiteResponse): void {
  const scored = Object.entries(lite.scores);
  const unavailable = Object.entries(lite.unavailable);
  fill(
    container,
    scored.length === 0
      ? h('p', { class: 'help' }, 'No peril could be scored here.')
      : h(
          'ul',
          { class: 'bands', id: 'lite-bands' },
          ...scored.map(([peril, { score, band }]) =>
            h('li', { 'data-peril': peril }, h('span', { class: 'peril-name' }, peril), badge(band), h('span', { class: 'muted' }, `return period ${years(score)}`)),
          ),
        ),
    unavailable.length > 0
      ? h('details', { class: 'unavailable' }, h('summary', {}, `Not scored here (${unavailable.length})`), h('ul', {}, ...unavailable.map(([peril, { reason }]) => h('li', {}, `${peril}: ${reason}`))))
      : null,
    h('p', { class: 'help' }, 'Scored over one year from tomorrow at each peril’s fixed Lite threshold.'),
  );
}
