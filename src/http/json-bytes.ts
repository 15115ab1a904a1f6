import { ByteWriter } from './byte-writer.js';

/**
 * JSON written straight into UTF-8 bytes, for answers that are mostly numbers
 * (in-depth curves): JSON.stringify spent ~60 ns on each six-digit probability
 * and then uWS copied the string to UTF-8 (bench/README.md, issue 18). Every
 * method writes exactly what JSON.stringify writes for its value; a number is
 * formatted here only when it provably has JSON's text (an integer, or a
 * decimal of at most six significant digits, the precision published numbers
 * are rounded to in engine/formulas.ts) and goes to String() otherwise.
 */
const SCALE = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11];
/** Decimals of at most this many significant digits are formatted here. */
const FAST_DIGITS = 6;
const ZERO = 48;
const POINT = 46;
const MINUS = 45;
const OPEN_ARRAY = 0x5b;
const COMMA = 0x2c;
const CLOSE_ARRAY = 0x5d;

export class JsonBytes extends ByteWriter {
  /** Any value as JSON.stringify writes it (strings, small objects), UTF-8 encoded. */
  value(value: unknown): this {
    const text = JSON.stringify(value);
    this.reserve(3 * text.length);
    this.at += this.strings.write(text, this.at, 'utf8');
    return this;
  }

  number(x: number): this {
    this.reserve(32);
    if (Number.isInteger(x) && Math.abs(x) <= 0x7fffffff) {
      if (x < 0) this.out[this.at++] = MINUS;
      this.digits(Math.abs(x));
    } else if (!this.decimal(x)) {
      this.at += this.strings.write(Number.isFinite(x) ? String(x) : 'null', this.at, 'latin1');
    }
    return this;
  }

  /** A number array, as JSON writes it. */
  numbers(values: readonly number[]): this {
    this.reserve(1);
    this.out[this.at++] = OPEN_ARRAY;
    for (let i = 0; i < values.length; i++) {
      this.reserve(1);
      if (i > 0) this.out[this.at++] = COMMA;
      this.number(values[i]!);
    }
    this.reserve(1);
    this.out[this.at++] = CLOSE_ARRAY;
    return this;
  }

  /**
   * A non-integer with at most six significant digits and a decimal point
   * within them or at most five zeros after it (1e-6 ≤ |x| < 1e5, where JSON
   * writes no exponent). m / 10^s === x proves x is the double nearest
   * m·10^−s, so JSON's shortest round-trip text is m's digits: no other
   * decimal this short lies within half a unit in the last place of x.
   */
  private decimal(x: number): boolean {
    const magnitude = Math.abs(x);
    if (!(magnitude >= 1e-6 && magnitude < 1e5)) return false;
    let scale = FAST_DIGITS - 1;
    while (scale > 0 && magnitude >= SCALE[FAST_DIGITS - scale]!) scale--;
    while (scale < 11 && magnitude * SCALE[scale]! < 1e5) scale++;
    const m = Math.round(magnitude * SCALE[scale]!);
    if (m / SCALE[scale]! !== magnitude || m >= 1e6) return false;
    if (x < 0) this.out[this.at++] = MINUS;
    let mantissa = m;
    let length = FAST_DIGITS;
    while (mantissa % 10 === 0) {
      mantissa /= 10;
      length--;
    }
    const integerDigits = FAST_DIGITS - scale;
    if (integerDigits <= 0) {
      this.out[this.at++] = ZERO;
      this.out[this.at++] = POINT;
      for (let z = integerDigits; z < 0; z++) this.out[this.at++] = ZERO;
      this.digits(mantissa);
      return true;
    }
    this.at += length + 1;
    let p = this.at;
    for (let d = length; d > 0; d--) {
      if (d === integerDigits) this.out[--p] = POINT;
      const q = (mantissa / 10) | 0;
      this.out[--p] = ZERO + mantissa - q * 10;
      mantissa = q;
    }
    return true;
  }

  /** A non-negative integer below 2^31. */
  private digits(value: number): void {
    let length = 1;
    for (let rest = value; rest >= 10; rest = (rest / 10) | 0) length++;
    this.at += length;
    let p = this.at;
    let rest = value;
    do {
      const q = (rest / 10) | 0;
      this.out[--p] = ZERO + rest - q * 10;
      rest = q;
    } while (rest > 0);
  }
}

/** Constant JSON text (keys, punctuation, our own identifiers) as bytes, encoded once by the caller. */
export function jsonText(text: string): Uint8Array {
  return Buffer.from(text, 'utf8');
}
