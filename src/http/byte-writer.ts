const INITIAL_BYTES = 64 * 1024;

/**
 * A reusable, growing byte buffer that answers are written into (JSON and
 * MessagePack writers build on it): begin(), write, done() hands out a copy,
 * so the buffer serves the next answer while this one is still being sent or
 * compressed.
 */
export class ByteWriter {
  /** The same memory as a plain Uint8Array (byte stores), a Buffer (for its string writers) and a DataView (floats). */
  protected out = new Uint8Array(INITIAL_BYTES);
  protected strings = Buffer.from(this.out.buffer);
  protected view = new DataView(this.out.buffer);
  protected at = 0;
  private capacity = INITIAL_BYTES;

  begin(): this {
    this.at = 0;
    return this;
  }

  /** The bytes written since begin(), as their own copy. */
  done(): Uint8Array {
    return this.out.slice(0, this.at);
  }

  /** Bytes encoded once by the caller (keys, punctuation, constant values). */
  raw(bytes: Uint8Array): this {
    this.reserve(bytes.length);
    this.out.set(bytes, this.at);
    this.at += bytes.length;
    return this;
  }

  /** Room for `bytes` more from the current position. */
  protected reserve(bytes: number): void {
    if (this.at + bytes <= this.capacity) return;
    this.capacity = Math.max(2 * this.capacity, this.at + bytes);
    const grown = new Uint8Array(this.capacity);
    grown.set(this.out.subarray(0, this.at));
    this.out = grown;
    this.strings = Buffer.from(grown.buffer);
    this.view = new DataView(grown.buffer);
  }
}
