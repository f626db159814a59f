import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';

/**
 * A file of named byte sections (typed arrays, texts) behind a JSON header, for the in-memory indexes kept on disk
 * between starts (modules/catalog: search-index-snapshot.ts, listing-index-snapshot.ts):
 * - layout: an 8-byte magic, the CRC-32 and length of the header's JSON, the JSON, then each section at a multiple
 *   of 8 bytes, so a typed array of any element size is a view of the file's memory, not a copy;
 * - written to a temporary file renamed over the old one (atomic; instances on one machine share the file without
 *   tearing it), temporary files of a process stopped while writing removed after an hour;
 * - read whole or not at all: magic, length and the CRC of everything after the magic are checked.
 */
export interface ArrayFileSection {
  name: string;
  /** One or more parts, written one after the other as one section. */
  data: ArrayBufferView | ArrayBufferView[];
}

interface Header<M> {
  meta: M;
  littleEndian: boolean;
  sections: { name: string; offset: number; bytes: number }[];
  length: number;
}

const align8 = (n: number) => (n + 7) & ~7;
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const bytesOf = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/**
 * `retired`: magics of earlier formats of the same kind of file: such files in the folder are removed (an upgrade
 * would otherwise leave its predecessor's snapshot, hundreds of MB, on the disk for good).
 */
export async function writeArrayFile<M>(file: string, magic: string, meta: M, sections: readonly ArrayFileSection[], retired: readonly string[] = []): Promise<void> {
  if (Buffer.byteLength(magic, 'latin1') !== 8) throw new Error('an array file magic is 8 bytes');
  const parts = sections.map((s) => {
    const chunks = (Array.isArray(s.data) ? s.data : [s.data]).map(bytesOf);
    return { name: s.name, chunks, bytes: chunks.reduce((n, c) => n + c.byteLength, 0) };
  });
  // Section offsets depend on the header's length: a first pass with placeholder offsets sizes it generously.
  const placed: Header<M>['sections'] = [];
  const header: Header<M> = { meta, littleEndian: LITTLE_ENDIAN, sections: placed, length: 0 };
  const draft = JSON.stringify({ ...header, sections: parts.map((p) => ({ name: p.name, offset: Number.MAX_SAFE_INTEGER, bytes: p.bytes })), length: Number.MAX_SAFE_INTEGER });
  const start = align8(16 + Buffer.byteLength(draft) + 64);
  let at = start;
  for (const p of parts) {
    placed.push({ name: p.name, offset: at, bytes: p.bytes });
    at = align8(at + p.bytes);
  }
  header.length = at;
  const head = Buffer.alloc(start);
  head.write(magic, 0, 'latin1');
  const json = Buffer.from(JSON.stringify(header));
  head.writeUInt32LE(json.length, 12);
  json.copy(head, 16);
  // The CRC covers the header's JSON and every section as laid out (padding included).
  let crc = crc32(head.subarray(12));
  const pad = new Uint8Array(8);
  const chunks: Uint8Array[] = [];
  for (const p of parts) {
    // Empty parts left out: Node's crc32 answers 0 for an empty view of an empty buffer, whatever the running value.
    for (const c of p.chunks) if (c.byteLength) chunks.push(c);
    const gap = align8(p.bytes) - p.bytes;
    if (gap) chunks.push(pad.subarray(0, gap));
  }
  for (const c of chunks) crc = crc32(c, crc);
  head.writeUInt32LE(crc, 8);

  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  await removeAbandoned(dir, path.basename(file));
  if (retired.length) await removeRetired(dir, retired);
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    const handle = await open(temp, 'w');
    try {
      await handle.writev([head, ...chunks]);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/** Temporary files of a process stopped while writing (hundreds of MB each): any older than an hour. */
async function removeAbandoned(dir: string, name: string): Promise<void> {
  for (const f of await readdir(dir)) {
    if (!f.startsWith(`${name}.`) || !f.endsWith('.tmp')) continue;
    const at = path.join(dir, f);
    const info = await stat(at).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > 60 * 60_000) await rm(at, { force: true });
  }
}

/** Files of the folder that begin with a retired magic. */
async function removeRetired(dir: string, retired: readonly string[]): Promise<void> {
  for (const f of await readdir(dir)) {
    if (!f.endsWith('.bin')) continue;
    const at = path.join(dir, f);
    const head = Buffer.alloc(8);
    const handle = await open(at, 'r').catch(() => undefined);
    if (!handle) continue;
    try {
      await handle.read(head, 0, 8, 0);
    } finally {
      await handle.close();
    }
    if (retired.includes(head.toString('latin1'))) await rm(at, { force: true });
  }
}

export interface ArrayFile<M> {
  meta: M;
  /** A section as a typed array of `type` (a view of the file, not a copy); throws when the file has none of that name. */
  array<T extends Int32Array | Uint32Array | Float64Array | Uint8Array | Int16Array>(name: string, type: { new (buffer: ArrayBuffer, offset: number, length: number): T; BYTES_PER_ELEMENT: number }): T;
  text(name: string): string;
}

/**
 * The file when whole, with its meta for the caller's own checks; else the reason (a missing file is not a fault:
 * `reason` is undefined then). `accept` refuses a header's meta before the CRC is computed over the whole file.
 */
export async function readArrayFile<M>(file: string, magic: string, accept: (meta: M) => string | undefined): Promise<{ file?: ArrayFile<M>; reason?: string }> {
  let buf: Buffer;
  try {
    buf = await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    return { reason: `unreadable: ${(err as Error).message}` };
  }
  if (buf.length < 16 || buf.toString('latin1', 0, 8) !== magic) return { reason: 'not a file of this format' };
  const jsonLength = buf.readUInt32LE(12);
  if (16 + jsonLength > buf.length) return { reason: 'truncated' };
  let header: Header<M>;
  try {
    header = JSON.parse(buf.toString('utf8', 16, 16 + jsonLength)) as Header<M>;
  } catch {
    return { reason: 'damaged header' };
  }
  if (header.length !== buf.length) return { reason: 'truncated' };
  if (header.littleEndian !== LITTLE_ENDIAN) return { reason: 'written on a machine of another byte order' };
  const refused = accept(header.meta);
  if (refused) return { reason: refused };
  if (crc32(buf.subarray(12)) !== buf.readUInt32LE(8)) return { reason: 'damaged (checksum)' };

  // Typed arrays need their offset aligned: a Buffer of readFile starts at 0 of its own memory, else copy.
  const whole = buf.byteOffset % 8 === 0 ? buf : Buffer.from(buf);
  const section = new Map(header.sections.map((s) => [s.name, s]));
  const place = (name: string, size: number) => {
    const s = section.get(name);
    if (!s || s.offset + s.bytes > whole.length || s.bytes % size) throw new Error(`section ${name} missing`);
    return s;
  };
  return {
    file: {
      meta: header.meta,
      array: (name, type) => {
        const s = place(name, type.BYTES_PER_ELEMENT);
        return new type(whole.buffer as ArrayBuffer, whole.byteOffset + s.offset, s.bytes / type.BYTES_PER_ELEMENT);
      },
      text: (name) => {
        const s = place(name, 1);
        return whole.toString('utf8', s.offset, s.offset + s.bytes);
      },
    },
  };
}
