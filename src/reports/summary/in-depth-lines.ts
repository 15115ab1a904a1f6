import { IN_DEPTH_HEADER } from '../../batch/csv-output.js';
import { FieldCopy, type RecordBatch } from '../read/csv-bytes.js';
import { dataRecordBytes, IN_DEPTH } from '../read/results.js';

/**
 * The in-depth results CSV as the in-depth summary reads it, from bytes
 * (read/csv-bytes.ts): lines grouped by location as locationGroupBatches
 * groups them (a change of index text starts the next location), and of each
 * line only what the summary counts. Peril, status and threshold are matched
 * on their bytes (a line's threshold is most often the one after the line
 * before), numbers are read from the bytes; text is made only for each
 * location's first line and for a field whose bytes match nothing. The string
 * reader made 15 strings a line, and the report a third of a job's build time.
 */
export interface LocationFirst {
  /** undefined for a field a short record lacks, as `record[i]` would be. */
  index: string | undefined;
  location: string | undefined;
  tag: string | undefined;
  latitude: number | null;
  longitude: number | null;
}

export interface InDepthVisitor {
  /** A location starts; its lines, this first one included, follow. */
  location(first: LocationFirst): void;
  /** One line: its peril's position in `perils` (-1: none of them), status success or not, threshold position (-1: not the peril's), numbers (numberOrNull). */
  line(peril: number, success: boolean, threshold: number, probability: number | null, returnPeriod: number | null): void;
  /** The location's last line has been given. */
  end(): void;
}

export interface PerilThresholds {
  name: string;
  thresholds: readonly string[];
}

const SUCCESS = Buffer.from('success');

export async function visitInDepthLines(file: string, perils: readonly PerilThresholds[], visitor: InDepthVisitor): Promise<void> {
  const lines = new LineReader(perils);
  let open = false;
  for await (const { batch, from } of dataRecordBytes(file, IN_DEPTH_HEADER)) {
    for (let r = from; r < batch.count; r++) {
      if (!lines.sameLocation(batch, r)) {
        if (open) visitor.end();
        visitor.location(lines.first(batch, r));
        open = true;
      }
      lines.visit(batch, r, visitor);
    }
  }
  if (open) visitor.end();
}

class LineReader {
  private readonly names: Buffer[];
  private readonly perilAt: Map<string, number>;
  private readonly thresholdBytes: Buffer[][];
  private readonly thresholdAt: Map<string, number>[];
  private lastPeril = -1;
  private lastThreshold = -1;
  /** The current location's index: its bytes and text. */
  private readonly index = new FieldCopy();
  private indexText: string | null = null;

  constructor(perils: readonly PerilThresholds[]) {
    this.names = perils.map((p) => Buffer.from(p.name));
    this.perilAt = new Map(perils.map((p, i) => [p.name, i]));
    this.thresholdBytes = perils.map((p) => p.thresholds.map((t) => Buffer.from(t)));
    this.thresholdAt = perils.map((p) => new Map(p.thresholds.map((t, i) => [t, i])));
  }

  /** Whether record r's index text is the current location's (compared on bytes first). */
  sameLocation(batch: RecordBatch, r: number): boolean {
    const f = batch.recordFields[r]!;
    if (this.index.matches(batch, f)) return true;
    const text = batch.fieldText(f);
    const same = text === this.indexText;
    this.index.copy(batch, f);
    this.indexText = text;
    return same;
  }

  first(batch: RecordBatch, r: number): LocationFirst {
    const text = (column: number): string | undefined => {
      const f = batch.field(r, column);
      return f === -1 ? undefined : batch.fieldText(f);
    };
    return { index: text(IN_DEPTH.index), location: text(IN_DEPTH.location), tag: text(IN_DEPTH.tag), latitude: number(batch, r, IN_DEPTH.latitude), longitude: number(batch, r, IN_DEPTH.longitude) };
  }

  visit(batch: RecordBatch, r: number, visitor: InDepthVisitor): void {
    const p = this.peril(batch, r);
    if (p === -1) return visitor.line(-1, false, -1, null, null);
    const status = batch.field(r, IN_DEPTH.status);
    const success = status !== -1 && (batch.fieldIs(status, SUCCESS) || (batch.fieldQuoted[status] === 1 && batch.fieldText(status) === 'success'));
    if (!success) return visitor.line(p, false, -1, null, null);
    visitor.line(p, true, this.threshold(batch, r, p), number(batch, r, IN_DEPTH.probability), number(batch, r, IN_DEPTH.return_period));
  }

  private peril(batch: RecordBatch, r: number): number {
    const f = batch.field(r, IN_DEPTH.peril);
    if (f === -1) return -1;
    if (this.lastPeril !== -1 && batch.fieldIs(f, this.names[this.lastPeril]!)) return this.lastPeril;
    this.lastThreshold = -1;
    let p = this.names.findLastIndex((name) => batch.fieldIs(f, name));
    // Unequal bytes without a quote are unequal text; a quoted field is unquoted first.
    if (p === -1 && batch.fieldQuoted[f] === 1) p = this.perilAt.get(batch.fieldText(f)) ?? -1;
    this.lastPeril = p;
    return p;
  }

  private threshold(batch: RecordBatch, r: number, p: number): number {
    const f = batch.field(r, IN_DEPTH.threshold);
    if (f === -1) return -1;
    const next = this.thresholdBytes[p]![this.lastThreshold + 1];
    const t = next && batch.fieldIs(f, next) ? this.lastThreshold + 1 : (this.thresholdAt[p]!.get(batch.fieldText(f)) ?? -1);
    this.lastThreshold = t;
    return t;
  }
}

function number(batch: RecordBatch, r: number, column: number): number | null {
  const f = batch.field(r, column);
  return f === -1 ? null : batch.fieldNumber(f);
}
