import { announce } from '../announce.js';
import { byId, fill, h } from '../dom.js';
import { showError } from '../notice.js';
import { perilsWithMode, type Session } from '../session.js';
import type { InDepthResponse, LiteResponse } from '../types.js';
import { renderCurves, type CurveMetric } from './curves.js';
import { renderHistoric } from './historic.js';
import { renderLite } from './lite-bands.js';
import { parsePlace, type Place } from './place.js';
import { createPlaceMap } from './place-map.js';
import { createThresholdBreakdowns } from './threshold-breakdown.js';

/**
 * The location explorer: one place and window → Lite bands (GET /v1/lite),
 * curves for every in-depth peril of the key (POST /v2/in-depth), with what
 * drives a chosen threshold (POST /v1/explain) under its chart, then, once
 * the place has coordinates, historic events near it on a map.
 */
interface Located {
  latitude: number;
  longitude: number;
}

function coordinateText({ latitude, longitude }: Located): string {
  return `${Math.abs(latitude).toFixed(2)}°${latitude >= 0 ? 'N' : 'S'}, ${Math.abs(longitude).toFixed(2)}°${longitude >= 0 ? 'E' : 'W'}`;
}

/** The window's dates: the curves' and the breakdowns' (POST /v1/explain counts whole days). */
function dateFields(): Record<string, string> {
  const fields: Record<string, string> = {};
  const start = byId<HTMLInputElement>('explore-start').value;
  const end = byId<HTMLInputElement>('explore-end').value;
  if (start) fields.start_date = start;
  if (end) fields.end_date = end;
  return fields;
}

/** The window's hours: the curves' only. */
function hourFields(): Record<string, number> {
  const fields: Record<string, number> = {};
  const startHour = byId<HTMLInputElement>('explore-start-hour').value;
  const endHour = byId<HTMLInputElement>('explore-end-hour').value;
  if (startHour !== '') fields.start_hour = Number(startHour);
  if (endHour !== '') fields.end_hour = Number(endHour);
  return fields;
}

function placeFields(place: Exclude<Place, { kind: 'invalid' }>): Record<string, string | number> {
  return place.kind === 'name' ? { location: place.location } : { latitude: place.latitude, longitude: place.longitude };
}

export function mountExplorer(session: Session): void {
  const form = byId<HTMLFormElement>('explore-form');
  const placeInput = byId<HTMLInputElement>('explore-place');
  const outcome = byId('explore-outcome');
  const liteResult = byId('lite-result');
  const curvesResult = byId('curves-result');
  const eventsResult = byId('events-result');
  const mapBox = byId('events-map');
  const floodPlus = byId<HTMLInputElement>('explore-flood-plus');
  const { signal } = session;
  const inDepthPerils = perilsWithMode(session, 'in_depth').map((p) => p.name);
  const liteLicensed = perilsWithMode(session, 'lite').length > 0;
  byId('explore-flood-plus-option').hidden = !perilsWithMode(session, 'lite').some((p) => p.lite_threshold?.flood_plus);
  let curves: InDepthResponse | null = null;
  const breakdowns = createThresholdBreakdowns(session);
  const metric = (): CurveMetric => (byId<HTMLInputElement>('curves-return-period').checked ? 'return_period' : 'probability');

  async function lite(place: Exclude<Place, { kind: 'invalid' }>): Promise<Located | null> {
    if (!liteLicensed) {
      fill(liteResult, h('p', { class: 'help' }, 'Your key is not licensed for Lite.'));
      return null;
    }
    fill(liteResult, h('p', { class: 'help' }, 'Scoring…'));
    try {
      const body = await session.api.get<LiteResponse>('/v1/lite', { ...placeFields(place), flood_plus: floodPlus.checked ? true : undefined });
      renderLite(liteResult, body);
      return { latitude: body.lat, longitude: body.lon };
    } catch (error) {
      showError(liteResult, 'Lite bands', error);
      return null;
    }
  }

  async function inDepth(place: Exclude<Place, { kind: 'invalid' }>): Promise<Located | null> {
    if (inDepthPerils.length === 0) {
      fill(curvesResult, h('p', { class: 'help' }, 'Your key is not licensed for in-depth curves.'));
      return null;
    }
    fill(curvesResult, h('p', { class: 'help' }, 'Computing curves…'));
    const dates = dateFields();
    breakdowns.reset({ ...placeFields(place), ...dates });
    try {
      curves = await session.api.post<InDepthResponse>('/v2/in-depth', { perils: inDepthPerils, events: [{ ...placeFields(place), ...dates, ...hourFields() }] });
      renderCurves(curvesResult, curves, metric(), breakdowns);
      const first = curves.results[0];
      return first ? { latitude: first.latitude, longitude: first.longitude } : null;
    } catch (error) {
      curves = null;
      showError(curvesResult, 'Exceedance curves', error);
      return null;
    }
  }

  async function explore(place: Exclude<Place, { kind: 'invalid' }>, label: string): Promise<void> {
    const direct = place.kind === 'coordinates' ? { latitude: place.latitude, longitude: place.longitude } : null;
    const [fromLite, fromCurves] = await Promise.all([lite(place), inDepth(place)]);
    const located = direct ?? fromLite ?? fromCurves;
    if (!located) {
      fill(mapBox);
      fill(eventsResult, h('p', { class: 'help' }, 'Historic events need the place’s coordinates; it could not be located.'));
      return;
    }
    const title = place.kind === 'name' ? `${label} (${coordinateText(located)})` : coordinateText(located);
    fill(outcome, h('p', { class: 'located' }, 'Showing ', h('strong', {}, title)));
    const map = createPlaceMap(located.latitude, located.longitude, title);
    fill(mapBox, map.element, h('p', { class: 'help' }, 'Base map: Natural Earth 1:50m. Circles: search radius per peril.'));
    await renderHistoric(session, eventsResult, map, located.latitude, located.longitude);
    announce(`Results for ${title} are ready.`);
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const place = parsePlace(placeInput.value);
    if (!place || place.kind === 'invalid') {
      placeInput.setAttribute('aria-invalid', 'true');
      showError(outcome, 'Cannot explore', place ? place.message : 'Enter a place name or coordinates.');
      placeInput.focus();
      return;
    }
    placeInput.removeAttribute('aria-invalid');
    fill(outcome);
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    button.disabled = true;
    const results = [liteResult, curvesResult, eventsResult];
    for (const result of results) result.setAttribute('aria-busy', 'true');
    try {
      await explore(place, placeInput.value.trim());
    } finally {
      button.disabled = false;
      for (const result of results) result.removeAttribute('aria-busy');
    }
  }, { signal });

  for (const id of ['curves-probability', 'curves-return-period']) {
    byId(id).addEventListener('change', () => {
      if (curves) renderCurves(curvesResult, curves, metric(), breakdowns);
    }, { signal });
  }
}
