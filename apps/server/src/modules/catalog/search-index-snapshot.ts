import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { SearchIndex, type PortableIndex } from './search-index.ts';
import { buildIndex, rowsOf } from './search-index-build.ts';

/**
 * The built search index on disk, so a restart answers within seconds instead of reading and indexing a million
 * books (docs/decisions.md, "Search index snapshot"). Loaded at start, then the feed applies the changes since its
 * version as it does after a build. A snapshot is used only when it can not serve stale words:
 * - same database (cluster identifier, database oid and name) and same schema (last migration) and file format;
 * - taken less than MAX_AGE_MS ago: the removal log (book_search_removed) keeps deletions REMOVED_KEEP_MS, and
 *   the feed must find every deletion since the snapshot's version there;
 * - its version is not above the database's (a database restored from an older dump);
 * - whole: length and CRC-32 of the content checked (a truncated or damaged file is ignored and rebuilt).
 * Written after every build from the database, to a temporary file renamed over the old one (atomic), one file
 * per database in the directory: instances on one machine share it without tearing it.
 */
const MAGIC = 'NHSIDX01';
/** Bump when the index's arrays change meaning (an old file is then ignored). */
const FORMAT = 1;

/** The header after the magic: JSON, then the sections, each at a multiple of 8 bytes. */
interface Header {
  format: number;
  catalogue: string;
  version: string;
  /** When `version` was read (ms): the removal log must still hold every deletion after it. */
  versionAt: number;
  builtAt: number;
  littleEndian: boolean;
  sections: { name: string; offset: number; bytes: number }[];
  /** Fields' bitsets: word ids that have one, per field. */
  dense: Record<FieldName, number>;
  length: number;
}

type FieldName = keyof PortableIndex['fields'];
const FIELDS: FieldName[] = ['title', 'doc', 'authorName'];
const ARRAYS: (keyof PortableIndex['arrays'])[] = ['ids', 'sold', 'markedHash', 'byTitle', 'slotById', 'authorIds', 'authorBooksOff', 'authorBooks'];

export interface Snapshot {
  portable: PortableIndex;
  version: bigint;
  versionAt: number;
  builtAt: number;
}

/**
 * What a snapshot must match: the cluster's identifier where the role may read it, the database's oid and name,
 * the last migration applied. A database dropped and generated again gets another oid.
 */
export async function catalogueIdentity(db: Db): Promise<string> {
  const [row] = await rowsOf<{ oid: string; name: string; migration: string | null }>(
    db,
    sql`select d.oid::text as oid, d.datname as name,
      (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as migration
      from pg_database d where d.datname = current_database()`,
  );
  // Asked only where granted (a refused call would log an error in PostgreSQL's log at every start).
  const [granted] = await rowsOf<{ ok: boolean }>(db, sql`select has_function_privilege('pg_control_system()', 'execute') as ok`);
  const [cluster] = granted?.ok ? await rowsOf<{ id: string }>(db, sql`select system_identifier::text as id from pg_control_system()`) : [];
  return `${cluster?.id ?? ''}/${row?.oid ?? ''}/${row?.name ?? ''}/${row?.migration ?? ''}/${FORMAT}`;
}

/** The file of one catalogue in `dir` (instances of other databases on this machine write other files). */
export const snapshotFile = (dir: string, catalogue: string): string =>
  path.join(dir, `search-index-${createHash('sha256').update(catalogue).digest('hex').slice(0, 16)}.bin`);

const align8 = (n: number) => (n + 7) & ~7;
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Writes the index atomically (temporary file, then rename). */
export async function writeSnapshot(dir: string, catalogue: string, s: Snapshot): Promise<void> {
  const parts: { name: string; data: Uint8Array }[] = [];
  const bytesOf = (a: Int32Array | Uint32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  for (const name of ARRAYS) parts.push({ name, data: bytesOf(s.portable.arrays[name]) });
  const dense = {} as Record<FieldName, number>;
  for (const f of FIELDS) {
    const field = s.portable.fields[f];
    dense[f] = field.dense;
    for (const k of ['off', 'data', 'postOff', 'postData'] as const) parts.push({ name: `${f}.${k}`, data: bytesOf(field[k]) });
    const withBits: number[] = [];
    field.bits.forEach((b, w) => {
      if (b) withBits.push(w);
    });
    parts.push({ name: `${f}.bitWords`, data: bytesOf(Int32Array.from(withBits)) });
    for (const w of withBits) parts.push({ name: `${f}.bits`, data: bytesOf(field.bits[w]!) });
  }
  const encoder = new TextEncoder();
  parts.push({ name: 'titles', data: encoder.encode(s.portable.titles) });
  parts.push({ name: 'dict', data: encoder.encode(s.portable.dict) });
  parts.push({ name: 'authors', data: encoder.encode(JSON.stringify(s.portable.authors)) });
  // Section offsets depend on the header's length: a first pass with placeholder offsets sizes it generously.
  const sections: Header['sections'] = [];
  const header: Header = { format: FORMAT, catalogue, version: s.version.toString(), versionAt: s.versionAt, builtAt: s.builtAt, littleEndian: LITTLE_ENDIAN, sections, dense, length: 0 };
  const merged = mergeSections(parts);
  const draft = JSON.stringify({ ...header, sections: merged.map((p) => ({ name: p.name, offset: Number.MAX_SAFE_INTEGER, bytes: p.bytes })), length: Number.MAX_SAFE_INTEGER });
  const start = align8(MAGIC.length + 8 + Buffer.byteLength(draft) + 64);
  let at = start;
  for (const p of merged) {
    sections.push({ name: p.name, offset: at, bytes: p.bytes });
    at = align8(at + p.bytes);
  }
  header.length = at;
  const head = Buffer.alloc(start);
  head.write(MAGIC, 0, 'latin1');
  const json = Buffer.from(JSON.stringify(header));
  head.writeUInt32LE(json.length, MAGIC.length);
  json.copy(head, MAGIC.length + 8);
  // The CRC covers the header's JSON and every section as laid out (padding included).
  let crc = crc32(head.subarray(MAGIC.length + 8));
  const pad = new Uint8Array(8);
  const chunks: Uint8Array[] = [];
  for (const p of merged) {
    // Empty parts left out: Node's crc32 answers 0 for an empty view of an empty buffer, whatever the running value.
    for (const d of p.chunks) if (d.byteLength) chunks.push(d);
    const gap = align8(p.bytes) - p.bytes;
    if (gap) chunks.push(pad.subarray(0, gap));
  }
  for (const c of chunks) crc = crc32(c, crc);
  head.writeUInt32LE(crc, MAGIC.length + 4);

  await mkdir(dir, { recursive: true });
  const file = snapshotFile(dir, catalogue);
  await removeAbandoned(dir, path.basename(file));
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

/** Consecutive parts of one name (a field's bitsets) become one section. */
function mergeSections(parts: { name: string; data: Uint8Array }[]): { name: string; bytes: number; chunks: Uint8Array[] }[] {
  const out: { name: string; bytes: number; chunks: Uint8Array[] }[] = [];
  for (const p of parts) {
    const last = out[out.length - 1];
    if (last?.name === p.name) {
      last.chunks.push(p.data);
      last.bytes += p.data.byteLength;
    } else out.push({ name: p.name, bytes: p.data.byteLength, chunks: [p.data] });
  }
  return out;
}

/** A snapshot is ignored once older than this: the removal log must still reach back to its version. */
export const snapshotMaxAge = (removedKeepMs: number): number => removedKeepMs - 60 * 60_000;

/**
 * The snapshot of `catalogue` in `dir` when it is usable (see the top of this file), else undefined with the
 * reason (a missing file is not a fault: `reason` is undefined then).
 */
export async function readSnapshot(
  dir: string,
  catalogue: string,
  opts: { databaseVersion: bigint; maxAgeMs: number; now?: number },
): Promise<{ snapshot?: Snapshot; reason?: string }> {
  let file: Buffer;
  try {
    file = await readFile(snapshotFile(dir, catalogue));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    return { reason: `unreadable: ${(err as Error).message}` };
  }
  if (file.length < MAGIC.length + 8 || file.toString('latin1', 0, MAGIC.length) !== MAGIC) return { reason: 'not a snapshot of this format' };
  const jsonLength = file.readUInt32LE(MAGIC.length);
  if (MAGIC.length + 8 + jsonLength > file.length) return { reason: 'truncated' };
  let header: Header;
  try {
    header = JSON.parse(file.toString('utf8', MAGIC.length + 8, MAGIC.length + 8 + jsonLength)) as Header;
  } catch {
    return { reason: 'damaged header' };
  }
  if (header.length !== file.length) return { reason: 'truncated' };
  if (header.format !== FORMAT || header.catalogue !== catalogue || header.littleEndian !== LITTLE_ENDIAN) return { reason: 'another database, schema or format' };
  const now = opts.now ?? Date.now();
  if (now - header.versionAt > opts.maxAgeMs) return { reason: 'older than the removal log' };
  const version = BigInt(header.version);
  if (version > opts.databaseVersion) return { reason: 'newer than the database' };
  if (crc32(file.subarray(MAGIC.length + 8)) !== file.readUInt32LE(MAGIC.length + 4)) return { reason: 'damaged (checksum)' };

  // Typed arrays need their offset aligned to 4: a Buffer of readFile starts at 0 of its own memory, else copy.
  const bytes = file.byteOffset % 8 === 0 ? file : Buffer.from(file);
  const section = new Map(header.sections.map((s) => [s.name, s]));
  const place = (name: string) => {
    const s = section.get(name);
    if (!s || s.offset + s.bytes > bytes.length || s.bytes % 4) throw new Error(`section ${name} missing`);
    return [bytes.buffer as ArrayBuffer, bytes.byteOffset + s.offset, s.bytes / 4] as const;
  };
  const view = (name: string) => new Int32Array(...place(name));
  const bitsView = (name: string) => new Uint32Array(...place(name));
  const text = (name: string) => {
    const s = section.get(name);
    if (!s || s.offset + s.bytes > bytes.length) throw new Error(`section ${name} missing`);
    return bytes.toString('utf8', s.offset, s.offset + s.bytes);
  };
  try {
    const arrays = Object.fromEntries(ARRAYS.map((name) => [name, view(name)])) as PortableIndex['arrays'];
    const fields = {} as PortableIndex['fields'];
    for (const f of FIELDS) {
      const postOff = view(`${f}.postOff`);
      const bits = new Array<Uint32Array | undefined>(Math.max(0, postOff.length - 1));
      const withBits = view(`${f}.bitWords`);
      if (withBits.length) {
        const all = bitsView(`${f}.bits`);
        const per = all.length / withBits.length;
        withBits.forEach((w, i) => (bits[w] = all.subarray(i * per, (i + 1) * per)));
      }
      fields[f] = { off: view(`${f}.off`), data: view(`${f}.data`), postOff, postData: view(`${f}.postData`), bits, dense: header.dense[f] };
    }
    const portable: PortableIndex = { arrays, fields, titles: text('titles'), dict: text('dict'), authors: JSON.parse(text('authors')) as PortableIndex['authors'] };
    return { snapshot: { portable, version, versionAt: header.versionAt, builtAt: header.builtAt } };
  } catch (err) {
    return { reason: `damaged: ${(err as Error).message}` };
  }
}

export interface LoadOptions {
  /** Where snapshots live (none: always built from the database, nothing written). */
  dir?: string;
  /** Try the snapshot first (the first build at start); otherwise build and write a new one. */
  fromSnapshot: boolean;
  maxAgeMs: number;
}

/** A snapshot's arrays (a worker posts them as they are), or an index built from the database. */
export type LoadedIndex = { version: bigint; notes: string[] } & (
  | { source: 'snapshot'; portable: PortableIndex; builtAt: number }
  | { source: 'database'; index: SearchIndex }
);

/** The index from the snapshot when usable, else built from the database (and then written as the snapshot). */
export async function loadIndex(db: Db, opts: LoadOptions): Promise<LoadedIndex> {
  const notes: string[] = [];
  const catalogue = opts.dir ? await catalogueIdentity(db) : '';
  if (opts.dir && opts.fromSnapshot) {
    const [v] = await rowsOf<{ v: string }>(db, sql`select coalesce(max(version), 0)::text as v from book_search`);
    const { snapshot, reason } = await readSnapshot(opts.dir, catalogue, { databaseVersion: BigInt(v?.v ?? '0'), maxAgeMs: opts.maxAgeMs });
    if (snapshot) return { source: 'snapshot', portable: snapshot.portable, builtAt: snapshot.builtAt, version: snapshot.version, notes };
    if (reason) notes.push(`snapshot ignored (${reason})`);
  }
  const versionAt = Date.now();
  const { index, version } = await buildIndex(db);
  if (opts.dir) {
    try {
      await writeSnapshot(opts.dir, catalogue, { portable: index.toPortable().portable, version, versionAt, builtAt: index.builtAt });
    } catch (err) {
      notes.push(`snapshot not written (${(err as Error).message})`);
    }
  }
  return { source: 'database', index, version, notes };
}

/** The index in this thread. */
export const indexOf = (loaded: LoadedIndex): SearchIndex =>
  loaded.source === 'snapshot' ? SearchIndex.fromPortable(loaded.portable, loaded.builtAt) : loaded.index;
