/**
 * A flame graph (SVG) of a V8 CPU profile, as bench/profile-server.ts writes
 * them: one box per call path, as wide as the time spent in it and below it,
 * callers under callees; a box's tooltip gives its function, file and line and
 * its share of all samples. Calls of one function from the same caller are
 * merged, and paths under 0.1 % of the samples are left out. Opens in any
 * browser (bench/profiles/, bench/README.md "Profiles").
 *
 *   node --import tsx bench/flamegraph.ts <in.cpuprofile> <out.svg> [title]
 */
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}
interface Frame {
  name: string;
  where: string;
  self: number;
  total: number;
  children: Map<string, Frame>;
}

const WIDTH = 1200;
const ROW = 17;
const MIN_SHARE = 0.001;
const CHAR_WIDTH = 6.6;

const [input, output, heading] = process.argv.slice(2);
if (!input || !output) throw new Error('usage: node --import tsx bench/flamegraph.ts <in.cpuprofile> <out.svg> [title]');
const title = heading ?? input;
const profile = JSON.parse(fs.readFileSync(input, 'utf8')) as Profile;

const selfTime = new Map<number, number>();
profile.samples.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

/** Where a frame's code lives, shortened to the project's own paths and package names. */
function where({ url, lineNumber }: ProfileNode['callFrame']): string {
  if (!url) return '';
  const short = url.replace(/^file:\/\//, '').replace(/.*\/node_modules\//, '').replace(/.*\/(dist|src|bench)\//, '$1/');
  return `${short}:${lineNumber + 1}`;
}

function merge(node: ProfileNode, into: Frame): void {
  into.self += selfTime.get(node.id) ?? 0;
  for (const childId of node.children ?? []) {
    const child = byId.get(childId)!;
    const name = child.callFrame.functionName || '(anonymous)';
    const key = `${name} ${where(child.callFrame)}`;
    let frame = into.children.get(key);
    if (!frame) into.children.set(key, (frame = { name, where: where(child.callFrame), self: 0, total: 0, children: new Map() }));
    merge(child, frame);
  }
}

function sum(frame: Frame): number {
  frame.total = frame.self;
  for (const child of frame.children.values()) frame.total += sum(child);
  return frame.total;
}

const root: Frame = { name: 'all samples', where: '', self: 0, total: 0, children: new Map() };
merge(profile.nodes[0]!, root);
const total = sum(root);

function depthOf(frame: Frame): number {
  let deepest = 0;
  for (const child of frame.children.values()) if (child.total / total >= MIN_SHARE) deepest = Math.max(deepest, depthOf(child));
  return deepest + 1;
}
const height = (depthOf(root) + 2) * ROW;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const percent = (time: number) => `${((100 * time) / total).toFixed(1)} %`;

/** Warm colours for our code, grey for the runtime's own entries (idle, GC, native), blue for packages and Node. */
function colour(frame: Frame, depth: number): string {
  const shade = (depth * 37) % 40;
  if (!frame.where) return `rgb(${190 + shade / 2},${190 + shade / 2},${190 + shade / 2})`;
  if (/^(dist|src|bench)\//.test(frame.where)) return `rgb(240,${110 + shade * 2},${60 + shade})`;
  return `rgb(${110 + shade},${160 + shade},230)`;
}

const boxes: string[] = [];
function draw(frame: Frame, x: number, depth: number): void {
  const width = (frame.total / total) * WIDTH;
  const y = height - (depth + 1) * ROW;
  const label = `${frame.name}${frame.where ? ` ${frame.where}` : ''}`;
  const fits = Math.floor((width - 6) / CHAR_WIDTH);
  const text = fits >= 3 ? (label.length <= fits ? label : `${label.slice(0, fits - 1)}…`) : '';
  boxes.push(
    `<g><title>${escape(label)}: ${percent(frame.total)} (self ${percent(frame.self)})</title>` +
      `<rect x="${x.toFixed(2)}" y="${y}" width="${Math.max(width - 0.5, 0.5).toFixed(2)}" height="${ROW - 1}" fill="${colour(frame, depth)}"/>` +
      (text ? `<text x="${(x + 3).toFixed(2)}" y="${y + ROW - 5}">${escape(text)}</text>` : '') +
      '</g>',
  );
  let childX = x;
  for (const child of [...frame.children.values()].sort((a, b) => b.total - a.total)) {
    if (child.total / total >= MIN_SHARE) draw(child, childX, depth + 1);
    childX += (child.total / total) * WIDTH;
  }
}
draw(root, 0, 0);

fs.writeFileSync(
  output,
  `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="monospace" font-size="11">\n` +
    `<rect width="100%" height="100%" fill="#fff"/>\n<text x="4" y="13" font-size="13">${escape(title)} — ${profile.samples.length} samples, ${(total / 1e6).toFixed(1)} s</text>\n` +
    `${boxes.join('\n')}\n</svg>\n`,
);
console.log(`${output}: ${boxes.length} boxes, ${(total / 1e6).toFixed(1)} s of samples`);
