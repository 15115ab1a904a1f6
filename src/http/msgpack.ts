import { Packr, type Options } from 'msgpackr';
import { ByteWriter } from './byte-writer.js';

/**
 * MessagePack as the service writes it: standard maps, arrays and float64 numbers, no extension
 * types, so any decoder reads it (docs/api.md "Content negotiation"). The encoder is msgpackr,
 * beside @msgpack/msgpack, because it is 2.4× faster on a v2 answer; answers of many curves
 * write their numbers themselves (MsgpackBytes) in exactly the bytes msgpackr would.
 */
// skipValues drops undefined members as JSON.stringify does (msgpackr ≥ 1.10; its typings do not list it yet).
const packr = new Packr({ useRecords: false, skipValues: [undefined] } as Options & { skipValues: unknown[] });

/** pack() returns a view of the Packr's buffer that later calls do not overwrite (they move on, or allocate anew). */
export function packMsgpack(value: unknown): Uint8Array {
  return packr.pack(value);
}

/**
 * MessagePack written into a reused buffer, byte for byte what packMsgpack() writes for the same
 * value (test/http/msgpack.test.ts): map and array headers, numbers in msgpackr's choice of
 * format (the smallest integer format for 32-bit integers, else float64), anything else through
 * packMsgpack().
 */
export class MsgpackBytes extends ByteWriter {
  /** Any value as packMsgpack() writes it (strings, small objects). */
  value(value: unknown): this {
    return this.raw(packMsgpack(value));
  }

  mapHeader(entries: number): this {
    return this.header(entries, 0x80, 0xde, 0xdf);
  }

  arrayHeader(items: number): this {
    return this.header(items, 0x90, 0xdc, 0xdd);
  }

  number(x: number): this {
    this.reserve(9);
    const out = this.out;
    if (x >>> 0 === x) {
      if (x < 0x80) out[this.at++] = x;
      else if (x < 0x100) {
        out[this.at++] = 0xcc;
        out[this.at++] = x;
      } else if (x < 0x10000) {
        out[this.at++] = 0xcd;
        out[this.at++] = x >> 8;
        out[this.at++] = x & 0xff;
      } else {
        out[this.at++] = 0xce;
        this.view.setUint32(this.at, x);
        this.at += 4;
      }
    } else if (x >> 0 === x) {
      if (x >= -0x20) out[this.at++] = 0x100 + x;
      else if (x >= -0x80) {
        out[this.at++] = 0xd0;
        out[this.at++] = x + 0x100;
      } else if (x >= -0x8000) {
        out[this.at++] = 0xd1;
        this.view.setInt16(this.at, x);
        this.at += 2;
      } else {
        out[this.at++] = 0xd2;
        this.view.setInt32(this.at, x);
        this.at += 4;
      }
    } else {
      out[this.at++] = 0xcb;
      this.view.setFloat64(this.at, x);
      this.at += 8;
    }
    return this;
  }

  numbers(values: readonly number[]): this {
    this.arrayHeader(values.length);
    for (let i = 0; i < values.length; i++) this.number(values[i]!);
    return this;
  }

  private header(count: number, fix: number, sixteen: number, thirtyTwo: number): this {
    this.reserve(5);
    if (count < 0x10) this.out[this.at++] = fix | count;
    else if (count < 0x10000) {
      this.out[this.at++] = sixteen;
      this.out[this.at++] = count >> 8;
      this.out[this.at++] = count & 0xff;
    } else {
      this.out[this.at++] = thirtyTwo;
      this.view.setUint32(this.at, count);
      this.at += 4;
    }
    return this;
  }
}
