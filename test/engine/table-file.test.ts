import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from '../helpers/harness.js';
import { decodeTableInfo, encodeTable, HEADER_BYTES } from '../../src/engine/table-file.js';
import { cellCentre, cellIndex, extendCoverage, globalGrid } from '../../src/engine/grid.js';
import { checkTable } from '../../src/engine/table-spec.js';
import { writeFixtureTables } from '../helpers/fixture-tables.js';
import { SharedTables } from '../../src/engine/shared-tables.js';
import { randomAccumulationTable, randomDailyTable, randomRateTable, TEST_GRID } from '../helpers/tables.js';

describe('hazard table file format', () => {
  it('round-trips header, grid and sections; identical tables give identical bytes', () => {
    const table = randomRateTable('TropicalCyclone', 3);
    const a = encodeTable(table);
    const b = encodeTable(randomRateTable('TropicalCyclone', 3));
    assert.deepEqual(a, b);
    const info = decodeTableInfo(a);
    assert.equal(info.peril, 'TropicalCyclone');
    assert.equal(info.type, 'rate');
    assert.equal(info.thresholdCount, 6);
    assert.equal(info.rows, table.rows);
    assert.deepEqual(info.grid, TEST_GRID);
    assert.equal(info.seasonProfiles, 3);
    assert.equal(info.diurnalProfiles, 2);
    assert.match(info.modelVersion, /^[0-9a-f]{16}$/);
    assert.deepEqual(info.metadata.thresholds, ['CAT0', 'CAT1', 'CAT2', 'CAT3', 'CAT4', 'CAT5']);
    for (const s of Object.values(info.sections)) assert.equal(s.offset % 16, 0);
    assert.ok(info.sections.cellRow.offset >= HEADER_BYTES);
    const cells = new Int32Array(a.buffer.slice(info.sections.cellRow.offset, info.sections.cellRow.offset + info.sections.cellRow.bytes));
    assert.deepEqual([...cells], [...table.cellRow]);
  });

  it('a different table has a different model_version; a flipped byte or a truncation is refused', () => {
    const a = encodeTable(randomDailyTable('Rain', 1));
    const b = encodeTable(randomDailyTable('Rain', 2));
    assert.notEqual(decodeTableInfo(a).modelVersion, decodeTableInfo(b).modelVersion);
    const flipped = a.slice();
    flipped[a.length - 100]! ^= 1;
    assert.throws(() => decodeTableInfo(flipped), /checksum mismatch/);
    assert.throws(() => decodeTableInfo(a.subarray(0, a.length - 8)), /checksum|past the end/);
    const magic = a.slice();
    magic[0] = 0;
    assert.throws(() => decodeTableInfo(magic), /bad magic/);
  });

  it('a damaged table file stops loading with an error naming the file and the command that rebuilds it (issue 30, item 7)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hazrisk-tables-'));
    try {
      writeFixtureTables(dir);
      const file = path.join(dir, 'Earthquake.hzt');
      const bytes = fs.readFileSync(file);
      bytes[bytes.length - 100]! ^= 1;
      fs.writeFileSync(file, bytes);
      assert.throws(() => SharedTables.loadDirectory(dir, 1), (err: Error) => {
        assert.equal(err.message, `${file}: hazard table: checksum mismatch (file corrupt or truncated); rebuild it with \`hazrisk tables build --only Earthquake\``);
        return true;
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('checkTable names inconsistencies', () => {
    const rate = randomRateTable('Earthquake', 4);
    rate.rates[5] = rate.rates[4]! * 2;
    assert.throws(() => checkTable(rate), /rates increase with threshold/);
    const acc = randomAccumulationTable('CumulativeRain', 4);
    acc.params[0] = 1.5;
    assert.throws(() => checkTable(acc), /generator parameters out of range/);
    const wrongType = { ...randomDailyTable('Rain', 1), peril: 'Hail' as const };
    assert.throws(() => checkTable(wrongType), /type daily but the registry says rate/);
  });
});

describe('grid lookup', () => {
  const grid = globalGrid(0.5);
  it('puts a point in the cell containing it; wraps longitude; latitude 90 is the top row', () => {
    const c = cellIndex(grid, 25.76, -80.19);
    assert.deepEqual(cellCentre(grid, c), { latitude: 25.75, longitude: -80.25 });
    assert.equal(cellIndex(grid, 10, 180), cellIndex(grid, 10, -180));
    assert.equal(cellIndex(grid, 10, 540.1), cellIndex(grid, 10, 180.1));
    assert.equal(Math.floor(cellIndex(grid, 90, 0) / grid.nlon), grid.nlat - 1);
    assert.equal(cellIndex(grid, -90, 0), grid.nlon / 2);
    assert.equal(cellIndex({ ...grid, nlat: 10 }, 80, 0), -1);
  });

  it('extendCoverage fills one ring around covered cells, nearest first', () => {
    const small = { lat0: 0, lon0: 0, dlat: 1, dlon: 1, nlat: 3, nlon: 4 };
    const rows = Int32Array.from([-1, -1, -1, -1, -1, 7, -1, -1, -1, -1, -1, 2]);
    const out = extendCoverage(small, rows, 1);
    assert.deepEqual([...out], [7, 7, 7, -1, 7, 7, 7, 2, 7, 7, 2, 2]);
  });
});
