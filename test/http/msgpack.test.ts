import assert from 'node:assert/strict';
import { decode } from '@msgpack/msgpack';
import { MsgpackBytes, packMsgpack } from '../../src/http/msgpack.js';
import { floatReturnPeriod, integerReturnPeriod, toPercent } from '../../src/engine/formulas.js';
import { describe, it } from '../helpers/harness.js';

/** Issue 18: MessagePack written by hand must be msgpackr's bytes for the same value, and standard. */
const bytes = (b: Uint8Array) => Buffer.from(b);

describe('MessagePack bytes', () => {
  it('writes every number in the format msgpackr picks: fixints, 8/16/32-bit integers of both signs, float64', () => {
    const writer = new MsgpackBytes();
    const edges = [0, -0, 1, 31, 32, 63, 64, 127, 128, 255, 256, 65535, 65536, 2 ** 32 - 1, 2 ** 32, -1, -32, -33, -128, -129, -32768, -32769, -(2 ** 31), -(2 ** 31) - 1, 0.5, -0.5, 1e-300, 5e-324, 1e21, NaN, Infinity, -Infinity, 2 ** 53];
    const published = Array.from({ length: 2000 }, (_, i) => [toPercent(i / 2000), integerReturnPeriod(1.37 ** (i % 60)), floatReturnPeriod(1.37 ** (i % 60) / 3)]).flat();
    for (const x of [...edges, ...published]) {
      const ours = writer.begin().number(x).done();
      assert.deepEqual(bytes(ours), bytes(packMsgpack(x)), `number ${x}`);
      assert.ok(Object.is(decode(ours), x) || (x === 0 && decode(ours) === 0), `number ${x} decodes to itself`);
    }
  });

  it('writes map and array headers at every size boundary, and values through msgpackr', () => {
    const writer = new MsgpackBytes();
    for (const size of [0, 1, 15, 16, 65535, 65536]) {
      const list = Array.from({ length: size }, (_, i) => (i % 3 === 0 ? i : i / 4));
      assert.deepEqual(bytes(writer.begin().numbers(list).done()), bytes(packMsgpack(list)), `array of ${size}`);
      const map = Object.fromEntries(list.map((v, i) => [`k${i}`, v]));
      writer.begin().mapHeader(size);
      for (const [key, value] of Object.entries(map)) writer.value(key).number(value);
      assert.deepEqual(bytes(writer.done()), bytes(packMsgpack(map)), `map of ${size}`);
    }
    const odd = { tag: 'Zürich – 東京 😀', list: [1, null, 'x', true], nested: { a: -5 } };
    assert.deepEqual(decode(writer.begin().value(odd).done()), odd);
  });
});
