/*
 * Batch report behaviour. `npm run build` bundles this file with esbuild into
 * dist/reports/client/report.js (src/ui/build/report-client.ts), which
 * src/reports/html/assets.ts inlines into every report. It reads the report's
 * data from <script type="application/json" id="report-data"> and writes user
 * text with textContent only, never as markup. It makes no network requests;
 * the page's Content-Security-Policy forbids them anyway.
 *
 * Browser code, type-checked by ./tsconfig.json (DOM library, no Node types);
 * the service's tsconfig.json excludes this folder, as it does src/ui/.
 */
import type { ReportData, TableCell, TableSpec } from '../report-data.js';

type Column = TableSpec['columns'][number];
type MapPoints = NonNullable<ReportData['map']>;

interface View {
  x: number;
  y: number;
  w: number;
  h: number;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An element of the report's own markup; the page renders them together, so a missing one is a broken page. */
function required<T extends Element = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (!node) throw new Error(`report: missing #${id}`);
  return node as Element as T;
}

const data = JSON.parse(required('report-data').textContent ?? '') as ReportData;

/* The band picked in the chart filters the map and the triage table. */
const bandFilter = {
  value: null as number | null,
  listeners: [] as (() => void)[],
  set(band: number | null): void {
    this.value = band;
    this.listeners.forEach((listener) => listener());
  },
};

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string | number): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = String(text);
  return node;
}

function initChart(): void {
  const bars = Array.from(document.querySelectorAll<SVGGElement>('#band-chart .bar'));
  const state = document.getElementById('band-filter-state');
  if (bars.length === 0) return;
  for (const bar of bars) {
    const rank = Number(bar.getAttribute('data-rank'));
    const toggle = (): void => bandFilter.set(bandFilter.value === rank ? null : rank);
    bar.addEventListener('click', toggle);
    bar.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        toggle();
      }
    });
  }
  const show = (): void => {
    for (const bar of bars) {
      const on = Number(bar.getAttribute('data-rank')) === bandFilter.value;
      bar.classList.toggle('selected', on);
      bar.setAttribute('aria-pressed', String(on));
    }
    if (!state) return;
    if (bandFilter.value === null) {
      state.textContent = 'Select a band to filter the map and the triage table.';
      return;
    }
    state.textContent = `Showing ${data.bands[bandFilter.value]!.name} only. `;
    const clear = element('button', '', 'Show all bands');
    clear.type = 'button';
    clear.addEventListener('click', () => bandFilter.set(null));
    state.appendChild(clear);
  };
  bandFilter.listeners.push(show);
  show();
}

function initMap(): void {
  const mapElement = document.getElementById('map') as Element as SVGSVGElement | null;
  if (!mapElement || !data.map) return;
  const svg: SVGSVGElement = mapElement;
  const points: MapPoints = data.map;
  const group = required<SVGGElement>('map-points');
  const layerSelect = document.getElementById('map-layer') as HTMLSelectElement | null;
  const info = required('map-info');
  const full: View = { x: -180 * data.mapScale, y: -90 * data.mapScale, w: 360 * data.mapScale, h: 180 * data.mapScale };
  const view: View = { ...full };
  const circles = points.lat.map((lat, i) => {
    const circle = document.createElementNS(SVG_NS, 'circle');
    circle.setAttribute('cx', String(points.lon[i]! * data.mapScale));
    circle.setAttribute('cy', String(-lat * data.mapScale));
    circle.setAttribute('data-i', String(i));
    return circle;
  });
  let layer = Number(layerSelect ? layerSelect.value : 0);
  const classOf = (i: number): number => points.layers[layer]!.charCodeAt(i) - 48;

  /* Calm points first so the riskiest are drawn on top. */
  function paint(): void {
    const order = circles.map((_, i) => i).sort((a, b) => classOf(b) - classOf(a));
    const fragment = document.createDocumentFragment();
    for (const i of order) {
      const cls = classOf(i);
      const shown = cls !== data.noClass && (bandFilter.value === null || bandFilter.value === cls);
      circles[i]!.setAttribute('class', shown ? `b${cls}` : 'off');
      fragment.appendChild(circles[i]!);
    }
    group.appendChild(fragment);
  }

  /* Radii stay a few screen pixels at every zoom; bins grow with their count. */
  function resize(): void {
    svg.setAttribute('viewBox', `${view.x} ${view.y} ${view.w} ${view.h}`);
    const unitsPerPixel = view.w / (svg.getBoundingClientRect().width || 1);
    circles.forEach((circle, i) => circle.setAttribute('r', String((4 + 2 * Math.log10(points.count[i]!)) * unitsPerPixel)));
  }

  let frame = 0;
  const scheduleResize = (): void => {
    if (!frame) frame = requestAnimationFrame(() => {
      frame = 0;
      resize();
    });
  };

  /* Keep the view inside the world. */
  function clampView(): void {
    view.x = Math.min(full.x + full.w - view.w, Math.max(full.x, view.x));
    view.y = Math.min(full.y + full.h - view.h, Math.max(full.y, view.y));
  }

  /* Zoom about a map point, from the whole world down to 1/200 of its width. */
  function zoom(factor: number, centreX: number, centreY: number): void {
    const w = Math.min(full.w, Math.max(full.w / 200, view.w * factor));
    view.x = centreX - (centreX - view.x) * (w / view.w);
    view.y = centreY - (centreY - view.y) * (w / view.w);
    view.w = w;
    view.h = w / 2;
    clampView();
    scheduleResize();
  }

  function toMap(event: MouseEvent): [number, number] {
    const rect = svg.getBoundingClientRect();
    return [view.x + ((event.clientX - rect.left) / rect.width) * view.w, view.y + ((event.clientY - rect.top) / rect.height) * view.h];
  }

  svg.addEventListener('wheel', (event) => {
    event.preventDefault();
    const [x, y] = toMap(event);
    zoom(event.deltaY < 0 ? 1 / 1.3 : 1.3, x, y);
  }, { passive: false });

  let drag: { x: number; y: number; view: View } | null = null;
  svg.addEventListener('pointerdown', (event) => {
    drag = { x: event.clientX, y: event.clientY, view: { ...view } };
    svg.setPointerCapture(event.pointerId);
    svg.classList.add('dragging');
  });
  svg.addEventListener('pointermove', (event) => {
    if (!drag) return;
    const rect = svg.getBoundingClientRect();
    view.x = drag.view.x - ((event.clientX - drag.x) / rect.width) * view.w;
    view.y = drag.view.y - ((event.clientY - drag.y) / rect.height) * view.h;
    clampView();
    scheduleResize();
  });
  const endDrag = (): void => {
    drag = null;
    svg.classList.remove('dragging');
  };
  svg.addEventListener('pointerup', endDrag);
  svg.addEventListener('pointercancel', endDrag);

  const centre = (): [number, number] => [view.x + view.w / 2, view.y + view.h / 2];
  required('map-zoom-in').addEventListener('click', () => zoom(1 / 1.6, ...centre()));
  required('map-zoom-out').addEventListener('click', () => zoom(1.6, ...centre()));
  required('map-reset').addEventListener('click', () => {
    Object.assign(view, full);
    scheduleResize();
  });

  let hovered: SVGCircleElement | null = null;
  group.addEventListener('pointerover', (event) => {
    const i = Number((event.target as Element).getAttribute('data-i'));
    if (Number.isNaN(i)) return;
    if (hovered) hovered.classList.remove('hover');
    hovered = circles[i]!;
    hovered.classList.add('hover');
    const where = points.label[i] ?? `${points.count[i]} locations around ${points.lat[i]}, ${points.lon[i]}`;
    const layerName = layerSelect ? layerSelect.options[layerSelect.selectedIndex]!.textContent : '';
    info.textContent = `${where} — ${layerName}: ${data.bands[classOf(i)]!.label}`;
  });

  if (layerSelect) layerSelect.addEventListener('change', () => {
    layer = Number(layerSelect.value);
    paint();
  });
  bandFilter.listeners.push(paint);
  window.addEventListener('resize', scheduleResize);
  paint();
  resize();
}

function renderCell(column: Column, value: TableCell | undefined): HTMLTableCellElement {
  const td = element('td', column.type === 'number' || column.type === 'percent' ? 'num' : '');
  if (value === null || value === undefined || value === '') td.textContent = '—';
  else if (column.type === 'peril') td.textContent = data.perils[value as number]!;
  else if (column.type === 'band') {
    td.appendChild(element('span', `chip b${value}`));
    td.appendChild(document.createTextNode(data.bands[value as number]!.name));
  } else if (column.type === 'percent') td.textContent = `${value} %`;
  else td.textContent = String(value);
  return td;
}

function initTable(container: Element): void {
  const found = data.tables[container.getAttribute('data-table')!];
  if (!found) return;
  const spec: TableSpec = found;
  let page = 0;
  let peril = spec.defaultPeril === undefined ? '' : String(spec.defaultPeril);
  const controls = element('div', 'controls');
  if (spec.perilColumn !== undefined) {
    const label = element('label', '', 'Peril ');
    const select = element('select');
    select.setAttribute('data-filter', 'peril');
    if (spec.allPerils) select.appendChild(new Option('All perils', ''));
    data.perils.forEach((name, i) => select.appendChild(new Option(name, String(i))));
    select.value = peril;
    select.addEventListener('change', () => {
      peril = select.value;
      page = 0;
      render();
    });
    label.appendChild(select);
    controls.appendChild(label);
  }
  const table = element('table');
  const head = element('tr');
  head.appendChild(element('th', 'num', '#'));
  for (const column of spec.columns) head.appendChild(element('th', column.type === 'number' || column.type === 'percent' ? 'num' : '', column.label));
  table.appendChild(element('thead')).appendChild(head);
  const body = table.appendChild(element('tbody'));
  const pager = element('div', 'pager');
  const previous = pager.appendChild(element('button', '', 'Previous'));
  const pageInfo = pager.appendChild(element('span', 'page-info'));
  const next = pager.appendChild(element('button', '', 'Next'));
  previous.type = next.type = 'button';
  previous.addEventListener('click', () => {
    page -= 1;
    render();
  });
  next.addEventListener('click', () => {
    page += 1;
    render();
  });
  container.append(controls, table, pager);

  function render(): void {
    const rows = spec.rows.filter((row) =>
      (peril === '' || String(row[spec.perilColumn as number]) === peril) &&
      (spec.bandColumn === undefined || bandFilter.value === null || row[spec.bandColumn] === bandFilter.value));
    const pages = Math.max(1, Math.ceil(rows.length / data.pageRows));
    page = Math.min(Math.max(0, page), pages - 1);
    const first = page * data.pageRows;
    const shown = rows.slice(first, first + data.pageRows);
    body.replaceChildren(...shown.map((row, i) => {
      const tr = element('tr');
      tr.appendChild(element('td', 'num', first + i + 1));
      spec.columns.forEach((column, c) => tr.appendChild(renderCell(column, row[c])));
      return tr;
    }));
    if (shown.length === 0) {
      const empty = element('td', '', spec.empty);
      empty.colSpan = spec.columns.length + 1;
      body.appendChild(element('tr')).appendChild(empty);
    }
    pageInfo.textContent = rows.length === 0 ? 'No rows' : `Rows ${first + 1}–${first + shown.length} of ${rows.length} · page ${page + 1} of ${pages}`;
    previous.disabled = page === 0;
    next.disabled = page >= pages - 1;
  }
  if (spec.bandColumn !== undefined) bandFilter.listeners.push(() => {
    page = 0;
    render();
  });
  render();
}

initChart();
initMap();
document.querySelectorAll('[data-table]').forEach(initTable);
