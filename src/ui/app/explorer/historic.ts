import { announce } from '../announce.js';
import { fill, h, table } from '../dom.js';
import { showError } from '../notice.js';
import type { Session } from '../session.js';
import type { EventListing, FootprintCollection, HistoricEvent } from '../types.js';
import type { PlaceMap } from './place-map.js';

/**
 * Historic events near the place: GET …/{peril}/events for every historic
 * peril the key may use, one table per peril (or "none found"), and a button
 * per event that fetches its footprint (POST …/shapes by external_id, with
 * the service's styles) and draws it on the map.
 */
/** Events listed per peril; the heading says how many matched in all. */
const LIST_LIMIT = 25;

function when(event: HistoricEvent): string {
  if (!event.start_date) return String(event.year);
  return event.end_date && event.end_date !== event.start_date ? `${event.start_date} to ${event.end_date}` : event.start_date;
}

function footprintButton(session: Session, peril: string, event: HistoricEvent, map: PlaceMap, status: Element): HTMLButtonElement {
  const button = h('button', { type: 'button', class: 'secondary small', 'aria-label': `Show the footprint of ${event.name} on the map` }, 'Show on map');
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const footprint = await session.api.post<FootprintCollection>(`/v1/historic-events/${encodeURIComponent(peril)}/shapes?include_visual_data=true`, { peril_name: peril, external_id: event.external_id });
      if (footprint.features.length === 0) {
        button.textContent = 'No footprint';
        announce(`${event.name} has no footprint.`);
        return;
      }
      map.addFootprint(`${peril}: ${event.name} (${when(event)})`, footprint);
      button.textContent = 'Shown on map';
      announce(`The footprint of ${event.name} is on the map.`);
    } catch (error) {
      button.disabled = false;
      showError(status, `Footprint of ${event.name}`, error);
    }
  });
  return button;
}

function perilSection(session: Session, peril: string, listing: EventListing, map: PlaceMap): HTMLElement {
  const radius = `${listing.query.radius_km.toLocaleString('en-GB')} km`;
  const status = h('div', {});
  if (listing.events.length === 0) {
    return h('section', { class: 'events', 'data-peril': peril }, h('h3', {}, peril), h('p', { class: 'none-found' }, `None found within ${radius}.`));
  }
  const heading = listing.matched > listing.count ? `${peril}: nearest ${listing.count} of ${listing.matched} within ${radius}` : `${peril}: ${listing.count} within ${radius}`;
  const rows = listing.events.map((e) => [
    e.name,
    when(e),
    e.size ? `${e.size.value} ${e.size.unit}` : '—',
    `${e.distance_km.toLocaleString('en-GB')} km`,
    e.source,
    footprintButton(session, peril, e, map, status),
  ]);
  return h(
    'section',
    { class: 'events', 'data-peril': peril },
    h('h3', {}, heading),
    status,
    h('div', { class: 'table-scroll' }, table(`${peril} events near the place, nearest first`, ['Event', 'Date', 'Size', 'Distance', 'Source', 'Footprint'], rows, 'data compact')),
  );
}

export async function renderHistoric(session: Session, container: Element, map: PlaceMap, latitude: number, longitude: number): Promise<void> {
  // /v1/perils lists the historic mode exactly for the perils that have events and the key may search.
  const perils = session.perils.filter((p) => p.modes.includes('historic')).map((p) => p.name);
  if (perils.length === 0) {
    fill(container, h('p', { class: 'help' }, 'Your key is not licensed for historic events.'));
    return;
  }
  fill(container, h('p', { class: 'help' }, 'Looking for historic events…'));
  const sections = await Promise.all(
    perils.map(async (peril) => {
      try {
        const listing = await session.api.get<EventListing>(`/v1/historic-events/${encodeURIComponent(peril)}/events`, { lat: latitude, lon: longitude, limit: LIST_LIMIT });
        map.addRadius(`${peril} search radius, ${listing.query.radius_km} km`, listing.query.radius_km);
        return perilSection(session, peril, listing, map);
      } catch (error) {
        const box = h('section', { class: 'events', 'data-peril': peril }, h('h3', {}, peril));
        const message = h('div', {});
        box.appendChild(message);
        showError(message, `${peril} events could not be listed`, error);
        return box;
      }
    }),
  );
  fill(container, ...sections);
}
