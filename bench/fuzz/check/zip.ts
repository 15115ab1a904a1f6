/**
 * Read a ZIP archive (an XLSX) from memory with node's zlib: the end of central
 * directory record, the central directory, each entry's local header, and its
 * data inflated (method 8) or stored (method 0), with the CRC-32 and size
 * checked against the central directory. Entry sizes come from the central
 * directory, so entries written with data descriptors read the same. ZIP64 is
 * refused (the service writes none).
 */
import zlib from 'node:zlib';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  crc: number;
  localOffset: number;
}

export type ZipResult = { ok: true; entries: ZipEntry[]; read(name: string): Buffer } | { ok: false; problem: string };

export function readZip(bytes: Buffer): ZipResult {
  if (bytes.length < 22) return { ok: false, problem: `${bytes.length} bytes: too short for a ZIP archive` };
  if (bytes.readUInt32LE(0) !== 0x04034b50) return { ok: false, problem: `does not start with a ZIP local header (first bytes ${bytes.subarray(0, 8).toString('hex')})` };
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return { ok: false, problem: 'no end-of-central-directory record (the archive is truncated?)' };
  const count = bytes.readUInt16LE(eocd + 10);
  const cdSize = bytes.readUInt32LE(eocd + 12);
  const cdOffset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) return { ok: false, problem: 'ZIP64 archive (not expected)' };
  if (cdOffset + cdSize > eocd) return { ok: false, problem: `central directory (${cdOffset}+${cdSize}) runs past its end record at ${eocd}` };
  const entries: ZipEntry[] = [];
  let p = cdOffset;
  for (let k = 0; k < count; k++) {
    if (p + 46 > bytes.length || bytes.readUInt32LE(p) !== 0x02014b50) return { ok: false, problem: `central directory entry ${k} at ${p}: bad signature` };
    const method = bytes.readUInt16LE(p + 10);
    const crc = bytes.readUInt32LE(p + 16);
    const compressedSize = bytes.readUInt32LE(p + 20);
    const size = bytes.readUInt32LE(p + 24);
    const nameLength = bytes.readUInt16LE(p + 28);
    const extraLength = bytes.readUInt16LE(p + 30);
    const commentLength = bytes.readUInt16LE(p + 32);
    const localOffset = bytes.readUInt32LE(p + 42);
    const name = bytes.subarray(p + 46, p + 46 + nameLength).toString('utf8');
    entries.push({ name, method, compressedSize, size, crc, localOffset });
    p += 46 + nameLength + extraLength + commentLength;
  }
  const names = new Set<string>();
  for (const e of entries) {
    if (names.has(e.name)) return { ok: false, problem: `entry ${e.name} twice` };
    names.add(e.name);
  }
  const data = new Map<string, Buffer>();
  for (const e of entries) {
    const at = e.localOffset;
    if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== 0x04034b50) return { ok: false, problem: `entry ${e.name}: no local header at ${at}` };
    const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
    const raw = bytes.subarray(start, start + e.compressedSize);
    if (raw.length !== e.compressedSize) return { ok: false, problem: `entry ${e.name}: data runs past the end of the archive` };
    let content: Buffer;
    try {
      if (e.method === 0) content = Buffer.from(raw);
      else if (e.method === 8) content = zlib.inflateRawSync(raw);
      else return { ok: false, problem: `entry ${e.name}: compression method ${e.method}` };
    } catch (err) {
      return { ok: false, problem: `entry ${e.name}: does not inflate (${(err as Error).message})` };
    }
    if (content.length !== e.size) return { ok: false, problem: `entry ${e.name}: ${content.length} bytes inflated, the directory says ${e.size}` };
    const crc = zlib.crc32(content) >>> 0;
    if (crc !== e.crc) return { ok: false, problem: `entry ${e.name}: CRC-32 ${crc.toString(16)} ≠ ${e.crc.toString(16)} in the directory` };
    data.set(e.name, content);
  }
  return { ok: true, entries, read: (name) => data.get(name)! };
}
