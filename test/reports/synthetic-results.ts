import fs from 'node:fs';
import { IN_DEPTH_HEADER, LITE_HEADER, cell, csvLine, textCell } from '../../src/batch/csv-output.js';
import { perilDef, type PerilName } from '../../src/engine/perils.js';
import { bandColour, bandForReturnPeriod, NO_RESULT_COLOUR } from '../../src/lite/bands.js';
import { rng } from '../helpers/tables.js';

/**
 * Synthetic results CSVs with the real column layout and encoding
 * (src/batch/csv-output.ts), for large-schedule tests and the bench: random
 * locations over the inhabited latitudes, scores from a log-uniform return
 * period, and about 2 % of rows failed at geocoding.
 */
export interface SyntheticOptions {
  locations: number;
  perils: readonly PerilName[];
  seed?: number;
}

const FLUSH_BYTES = 1 << 20;

function writer(file: string): { line: (text: string) => void; close: () => void } {
  const fd = fs.openSync(file, 'w');
  let buffer = '';
  return {
    line: (text) => {
      buffer += text;
      if (buffer.length > FLUSH_BYTES) {
        fs.writeSync(fd, buffer);
        buffer = '';
      }
    },
    close: () => {
      fs.writeSync(fd, buffer);
      fs.closeSync(fd);
    },
  };
}

function leading(i: number, random: () => number): { cells: string; failed: boolean } {
  const failed = random() < 0.02;
  const lat = failed ? null : Math.round((-50 + 115 * random()) * 1e4) / 1e4;
  const lon = failed ? null : Math.round((-180 + 360 * random()) * 1e4) / 1e4;
  const cells = [cell(i), textCell(`Site ${i}, Street ${Math.floor(random() * 999)}`), cell(lat), cell(lon), textCell(`T${i % 50}`), cell('2026-11-23'), cell('2027-11-22'), cell(0), cell(23)];
  return { cells: `${cells.join(',')},`, failed };
}

export function writeSyntheticLite(file: string, options: SyntheticOptions): void {
  const random = rng(options.seed ?? 7);
  const out = writer(file);
  out.line(csvLine(LITE_HEADER));
  for (let i = 0; i < options.locations; i++) {
    const row = leading(i, random);
    if (row.failed) {
      out.line(`${row.cells},,,${NO_RESULT_COLOUR},failed\r\n`);
      continue;
    }
    for (const peril of options.perils) {
      const score = Math.max(1, Math.round(10 ** (4 * random())));
      const band = bandForReturnPeriod(score);
      out.line(`${row.cells}${peril},${score},${band},${bandColour(band)},success\r\n`);
    }
  }
  out.close();
}

export function writeSyntheticInDepth(file: string, options: SyntheticOptions): void {
  const random = rng(options.seed ?? 11);
  const out = writer(file);
  out.line(csvLine(IN_DEPTH_HEADER));
  for (let i = 0; i < options.locations; i++) {
    const row = leading(i, random);
    for (const peril of options.perils) {
      const def = perilDef(peril);
      const prefix = `${row.cells}${cell(peril)},${cell(def.unit)},`;
      if (row.failed) {
        out.line(`${prefix},,,failed\r\n`);
        continue;
      }
      let p = random();
      for (const threshold of def.thresholds) {
        const percent = Number((p * 100).toPrecision(6));
        const returnPeriod = Math.max(1, Math.round(1 / -Math.log1p(-Math.min(p, 0.999999))));
        out.line(`${prefix}${cell(threshold)},${percent},${returnPeriod},success\r\n`);
        p *= random();
      }
    }
  }
  out.close();
}
