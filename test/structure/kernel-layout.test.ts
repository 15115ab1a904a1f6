import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from '../helpers/harness.js';
import { HEADER_FIELDS_AT, MODEL_TYPE_CODES, SECTION_ENTRY_BYTES, SECTIONS } from '../../src/engine/table-file.js';
import { OPS, REQUEST_INTS } from '../../src/engine/kernel.js';
import { ACCUMULATION_PARAM_COUNT } from '../../src/engine/table-spec.js';

/**
 * The AssemblyScript kernel and the TypeScript side describe one memory
 * layout twice (AS cannot import TS). This pins every shared constant of
 * assembly/ to its TypeScript twin, so one edited alone fails here, not as
 * wrong probabilities.
 */
function assemblyConstants(): Map<string, number> {
  const out = new Map<string, number>();
  for (const file of fs.readdirSync('assembly').filter((f) => f.endsWith('.ts'))) {
    for (const m of fs.readFileSync(`assembly/${file}`, 'utf8').matchAll(/^export const ([A-Z_]+): \w+ = (-?\d+);/gm)) out.set(m[1]!, Number(m[2]));
  }
  return out;
}

/** SECTION_SEASON_OF_ROW → seasonOfRow. */
function camel(snake: string): string {
  return snake.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

describe('kernel layout: assembly/ ↔ src/engine', () => {
  const as = assemblyConstants();
  const expected = new Map<string, number>([
    ['MODEL_RATE', MODEL_TYPE_CODES.rate],
    ['MODEL_DAILY', MODEL_TYPE_CODES.daily],
    ['MODEL_ACCUMULATION', MODEL_TYPE_CODES.accumulation],
    ['HEADER_MODEL_TYPE_AT', HEADER_FIELDS_AT.modelType],
    ['HEADER_THRESHOLD_COUNT_AT', HEADER_FIELDS_AT.thresholdCount],
    ['HEADER_SECTION_TABLE_AT', HEADER_FIELDS_AT.sectionTable],
    ['SECTION_ENTRY_BYTES', SECTION_ENTRY_BYTES],
    ['ACCUMULATION_PARAMS', ACCUMULATION_PARAM_COUNT],
    ['REQUEST_INTS', REQUEST_INTS],
    ['OP_WINDOW', OPS.window],
    ['OP_DAILY_MEAN', OPS.daily],
    ['OP_EXPANDING', OPS.expanding],
    ['OP_THRESHOLD', OPS.threshold],
  ]);
  for (const name of as.keys()) {
    if (name.startsWith('SECTION_') && name !== 'SECTION_ENTRY_BYTES') expected.set(name, (SECTIONS as readonly string[]).indexOf(camel(name.slice('SECTION_'.length))));
  }

  it('finds the constants it pins (the parser has not gone blind)', () => {
    assert.ok(as.size >= 18, `only ${as.size} constants read from assembly/`);
  });

  it('every exported assembly constant has a TypeScript twin with the same value', () => {
    for (const [name, value] of as) {
      assert.ok(expected.has(name), `assembly constant ${name} has no TypeScript twin pinned here: add one`);
      assert.equal(value, expected.get(name), `${name}: assembly ${value}, TypeScript ${expected.get(name)}`);
    }
  });
});
