import assert from 'node:assert/strict';
import { JsonBytes } from '../../src/http/json-bytes.js';
import { floatReturnPeriod, integerReturnPeriod, roundSignificant, toPercent } from '../../src/engine/formulas.js';
import { describe, it } from '../helpers/harness.js';

/** Issue 18: JSON written as bytes must be JSON.stringify's text, UTF-8 encoded, for every value. */
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const written = (writer: JsonBytes, x: number) => text(writer.begin().number(x).done());

/** A fixed pseudo-random sequence (xorshift), so a failure names a value that reproduces. */
function sequence(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

describe('JSON bytes', () => {
  it('writes every published number as JSON.stringify does: percents, integer and float return periods, six-digit decimals of both signs', () => {
    const writer = new JsonBytes();
    const random = sequence(18);
    for (let i = 0; i < 200_000; i++) {
      const fraction = random() ** 8;
      const years = 10 ** (8 * random() - 2);
      const decimal = (random() - 0.5) * 10 ** (14 * random() - 8);
      for (const x of [toPercent(fraction), integerReturnPeriod(years), floatReturnPeriod(years), roundSignificant(decimal), roundSignificant(decimal, 1 + (i % 6))]) {
        if (written(writer, x) !== JSON.stringify(x)) assert.equal(written(writer, x), JSON.stringify(x), `number ${x}`);
      }
    }
  });

  it('writes what the fast path must refuse through String(): more digits, exponents, edges of the ranges, non-finite values', () => {
    const writer = new JsonBytes();
    const random = sequence(7);
    const values = [0, -0, NaN, Infinity, -Infinity, 1e-6, -1e-6, 9.99999e-7, 1e-7, 0.1, 0.30000000000000004, 99999.9, 99999.95, 1e5, 100000.5, 999999.5, 1e21, 1.5e21, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), 2 ** 53, 5e-324, Number.MAX_VALUE, -121.69999999999999, 25.77, -80.19, 0.000123456, 0.0001234567];
    for (let i = 0; i < 100_000; i++) values.push((random() - 0.5) * 10 ** (40 * random() - 20), Math.floor(random() * 2 ** (60 * random())));
    for (const x of values) if (written(writer, x) !== JSON.stringify(x)) assert.equal(written(writer, x), JSON.stringify(x), `number ${x}`);
  });

  it('writes arrays, strings with escapes and non-ASCII text, and grows past its first buffer', () => {
    const writer = new JsonBytes();
    const big = Array.from({ length: 20_000 }, (_, i) => roundSignificant(i / 7));
    const odd = { tag: 'Zürich – 東京 😀 "q" \\ \n \u2028 \ud800', list: [1, null, 'x'] };
    const bytes = writer.begin().numbers([]).value(odd).numbers(big).numbers([toPercent(0.5), -0, NaN]).done();
    assert.equal(text(bytes), `[]${JSON.stringify(odd)}${JSON.stringify(big)}${JSON.stringify([50, -0, NaN])}`);
    assert.ok(bytes.byteLength > 64 * 1024, 'the text outgrew the first 64 KiB buffer');
  });

  it('hands out a copy: the next text does not change the last one', () => {
    const writer = new JsonBytes();
    const first = writer.begin().numbers([1.5, 2.25]).done();
    writer.begin().numbers([9.75, 8.5]).done();
    assert.equal(text(first), '[1.5,2.25]');
  });
});
