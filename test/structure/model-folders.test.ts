/**
 * Every model folder follows one template (src/models/README.md): index.ts
 * declares the builder, build.ts holds the pipeline, validation.ts exports a
 * ModelValidation that the validation page runs, and its rows carry an
 * evidence mark from the one EVIDENCE table.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from '../helpers/harness.js';
import { BUILDERS } from '../../src/models/index.js';
import { place, referenceRow } from '../../src/models/toolkit/place-checks.js';
import { EVIDENCE, type ModelValidation } from '../../src/models/validation-types.js';

const MODELS = 'src/models';
const SHARED = new Set(['toolkit', 'maps']);
const folders = fs.readdirSync(MODELS, { withFileTypes: true }).filter((d) => d.isDirectory() && !SHARED.has(d.name)).map((d) => d.name);

describe('model folders', () => {
  it('each has index.ts, build.ts and validation.ts, and is a registered builder', () => {
    assert.deepEqual(folders.sort(), BUILDERS.map((b) => b.name).sort());
    for (const folder of folders) {
      for (const file of ['index.ts', 'build.ts', 'validation.ts']) assert.ok(fs.existsSync(path.join(MODELS, folder, file)), `${folder}/${file}`);
    }
  });

  it("each validation.ts exports a ModelValidation that the validation page imports", async () => {
    const report = fs.readFileSync(path.join(MODELS, 'validation-report.ts'), 'utf8');
    for (const folder of folders) {
      const mod = (await import(`../../src/models/${folder}/validation.js`)) as { validation?: ModelValidation };
      const validation = mod.validation;
      assert.ok(validation, `${folder}: exports validation`);
      assert.equal(typeof validation.references, 'function', `${folder}: validation.references`);
      assert.equal(typeof validation.orderings, 'function', `${folder}: validation.orderings`);
      assert.deepEqual(validation.references(new Map(), '/nonexistent'), [], `${folder}: no tables, no rows`);
      assert.match(report, new RegExp(`import \\{ validation as \\w+ \\} from './${folder}/validation\\.js';`), `${folder} on the validation page`);
    }
  });

  it('rows carry an evidence mark and the ratio ours ÷ reference', () => {
    assert.deepEqual(Object.keys(EVIDENCE), ['fitted', 'seen', 'independent']);
    const row = referenceRow('Wildfire', 'independent', place('Somewhere', 1, 2), 'q', 4, 'src', 3);
    assert.equal(row.evidence, 'independent');
    assert.equal(row.ratio, 0.75);
    assert.equal(referenceRow('Wildfire', 'seen', place('Somewhere', 1, 2), 'q', null, 'src', 3).ratio, null);
  });
});
