import { DOT, EXACT_DIGITS, MINUS, POWERS_OF_TEN, ZERO } from '../decimal.js';

/**
 * Worksheet XML written straight into bytes, piece by piece, for the zip. A
 * row is ASCII markup around numbers and shared-string indices, so it needs
 * no string at all: building rows as strings and encoding them to UTF-8 cost
 * a fifth of a large workbook's time (2.46 M rows: 1.4 GB of text,
 * concatenated and then flattened by Buffer.from). Pieces come back through
 * release() once the zip has them compressed and are written again: fresh
 * ones were 1.4 GB of external memory, which V8 answers with full collections.
 */
const SMALL = 0x7fffffff;
/** Below 1e-6 String() writes an exponent. */
const MIN_PLAIN = 1e-6;
/** 15 significant digits (DBL_DIG): more, and two decimals of that length may share a double. */
const MAX_MANTISSA = POWERS_OF_TEN[EXACT_DIGITS]!;
/** 1e-6 with 15 significant digits has 20 fraction digits. */
const MAX_FRACTION_DIGITS = 20;

/** ASCII text → its bytes, for markup written on every row. */
export function asciiBytes(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

export class ByteSink {
  private piece: Buffer;
  private at = 0;
  private readonly free: ArrayBuffer[] = [];
  private readonly scratch = new Uint8Array(16);

  /** `onPiece` receives each full piece (and the last, on flush), to hand back through release() when done with it. */
  constructor(
    private readonly pieceBytes: number,
    private readonly onPiece: (piece: Buffer) => void,
  ) {
    this.piece = Buffer.allocUnsafe(pieceBytes);
  }

  /** Make room for `bytes` more (at most a piece); the writes below assume it was made. */
  room(bytes: number): void {
    if (this.at + bytes > this.piece.length) this.flush();
  }

  /** Text of ASCII characters only (markup, number text). */
  ascii(text: string): void {
    const piece = this.piece;
    let at = this.at;
    for (let i = 0; i < text.length; i++) piece[at++] = text.charCodeAt(i);
    this.at = at;
  }

  /** Bytes prepared once (markup), or the first `length` of them. */
  bytes(source: Uint8Array, length = source.length): void {
    const piece = this.piece;
    let at = this.at;
    for (let i = 0; i < length; i++) piece[at++] = source[i]!;
    this.at = at;
  }

  /** A safe integer as String() writes it. */
  integer(n: number): void {
    if (n < 0) {
      this.piece[this.at++] = MINUS;
      n = -n;
    }
    if (n > SMALL) {
      this.ascii(String(n));
      return;
    }
    // Small integers in int32 arithmetic: a double's % is a call to fmod, slow enough to show.
    let digits = 1;
    for (let rest = n; rest >= 10; rest = (rest / 10) | 0) digits++;
    const piece = this.piece;
    let at = this.at + digits;
    this.at = at;
    do {
      const tenth = (n / 10) | 0;
      piece[--at] = ZERO + n - tenth * 10;
      n = tenth;
    } while (n > 0);
  }

  /**
   * A finite non-integer exactly as String() writes it, when that is plain
   * decimal notation with at most 15 significant digits (a CSV's
   * probabilities and coordinates); false, with nothing written, otherwise.
   * Found as the fewest fraction digits k whose rounded mantissa m gives back
   * n (m / 10^k === n, both exact, so this is Number()'s parse of the text).
   * A decimal of at most 15 significant digits is the only one of its length
   * that does, so it is the shortest round-trip String() prints — at a tenth
   * of String()'s cost, which showed with a new probability on every line.
   */
  decimal(n: number): boolean {
    const size = Math.abs(n);
    if (!(size >= MIN_PLAIN && size < MAX_MANTISSA)) return false;
    for (let k = 1; k <= MAX_FRACTION_DIGITS; k++) {
      const mantissa = Math.round(size * POWERS_OF_TEN[k]!);
      if (mantissa >= MAX_MANTISSA) return false;
      if (mantissa / POWERS_OF_TEN[k]! === size) {
        this.fixed(n < 0, mantissa, k);
        return true;
      }
    }
    return false;
  }

  /** -?m / 10^k in plain notation: integer part (or 0), point, k fraction digits. */
  private fixed(negative: boolean, mantissa: number, k: number): void {
    const digits = this.scratch;
    let length = 0;
    for (let rest = mantissa; rest > 0; ) {
      const tenth = Math.floor(rest / 10);
      digits[length++] = ZERO + rest - tenth * 10;
      rest = tenth;
    }
    const piece = this.piece;
    let at = this.at;
    if (negative) piece[at++] = MINUS;
    if (length <= k) {
      piece[at++] = ZERO;
      piece[at++] = DOT;
      for (let i = length; i < k; i++) piece[at++] = ZERO;
      for (let i = length - 1; i >= 0; i--) piece[at++] = digits[i]!;
    } else {
      for (let i = length - 1; i >= k; i--) piece[at++] = digits[i]!;
      piece[at++] = DOT;
      for (let i = k - 1; i >= 0; i--) piece[at++] = digits[i]!;
    }
    this.at = at;
  }

  /** Hand over what is written so far as a piece. */
  flush(): void {
    if (this.at === 0) return;
    this.onPiece(this.piece.subarray(0, this.at));
    const reused = this.free.pop();
    this.piece = reused ? Buffer.from(reused) : Buffer.allocUnsafe(this.pieceBytes);
    this.at = 0;
  }

  /** A piece from onPiece that nothing reads any more. */
  release(piece: Buffer): void {
    this.free.push(piece.buffer as ArrayBuffer);
  }

  /** Drop what is written and not yet handed over. */
  discard(): void {
    this.at = 0;
  }
}
