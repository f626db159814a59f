import { createHash } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { readArrayFile, writeArrayFile, type ArrayFileSection } from '../../lib/array-file.ts';
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
const MAGIC = 'NHSIDX02';
/** Earlier formats' magics: their files are removed when this one is written. */
const RETIRED = ['NHSIDX01'];
/** Bump when the index's arrays change meaning (an old file is then ignored). */
const FORMAT = 3;

/** The header's meta (lib/array-file.ts holds the layout, the checksum and the atomic write). */
interface Meta {
  format: number;
  catalogue: string;
  version: string;
  /** When `version` was read (ms): the removal log must still hold every deletion after it. */
  versionAt: number;
  builtAt: number;
  /** Fields' bitsets: word ids that have one, per field. */
  dense: Record<FieldName, number>;
}

type FieldName = keyof PortableIndex['fields'];
const FIELDS: FieldName[] = ['title', 'doc', 'authorName'];
const ARRAYS: (keyof PortableIndex['arrays'])[] = ['ids', 'sold', 'markedHash', 'byTitle', 'slotById', 'authorIds', 'authorBooksOff', 'authorBooks', 'titleOff'];

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
  return `${cluster?.id ?? ''}/${row?.oid ?? ''}/${row?.name ?? ''}/${row?.migration ?? ''}`;
}

const hex = (text: string, length: number) => createHash('sha256').update(text).digest('hex').slice(0, length);
/** The database's part of a catalogue's identity, and its schema's (the last migration). */
const identityParts = (catalogue: string): [string, string] => {
  const cut = catalogue.lastIndexOf('/');
  return cut < 0 ? [catalogue, ''] : [catalogue.slice(0, cut), catalogue.slice(cut + 1)];
};

/**
 * The file of one index of one catalogue in `dir` (instances of other databases on this machine write other files):
 * named by the database and, apart, by its schema, so a writer can tell its own database's files of an earlier
 * schema from another database's.
 */
export const snapshotFile = (dir: string, catalogue: string, index: 'search' | 'listing' = 'search'): string => {
  const [database, schema] = identityParts(catalogue);
  return path.join(dir, `${index}-index-${hex(database, 16)}-${hex(schema, 8)}.bin`);
};

/**
 * After a write: removes this database's snapshots of this index for an earlier schema, which no start can read any
 * more (a migration would otherwise leave hundreds of MB behind at each upgrade), and files named before the schema
 * had its own part (their database can not be told; its next write makes a new one).
 */
export async function removeSuperseded(dir: string, catalogue: string, index: 'search' | 'listing'): Promise<void> {
  const current = path.basename(snapshotFile(dir, catalogue, index));
  const own = new RegExp(`^${index}-index-(${hex(identityParts(catalogue)[0], 16)}-[0-9a-f]{8}|[0-9a-f]{16})\\.bin$`);
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (name !== current && own.test(name)) await rm(path.join(dir, name), { force: true });
  }
}

/** Writes the index atomically (temporary file, then rename). */
export async function writeSnapshot(dir: string, catalogue: string, s: Snapshot): Promise<void> {
  const sections: ArrayFileSection[] = ARRAYS.map((name) => ({ name, data: s.portable.arrays[name] }));
  const dense = {} as Record<FieldName, number>;
  for (const f of FIELDS) {
    const field = s.portable.fields[f];
    dense[f] = field.dense;
    for (const k of ['off', 'data', 'postOff', 'postData'] as const) sections.push({ name: `${f}.${k}`, data: field[k] });
    const withBits: number[] = [];
    field.bits.forEach((b, w) => {
      if (b) withBits.push(w);
    });
    sections.push({ name: `${f}.bitWords`, data: Int32Array.from(withBits) });
    sections.push({ name: `${f}.bits`, data: withBits.map((w) => field.bits[w]!) });
  }
  const encoder = new TextEncoder();
  sections.push({ name: 'titles', data: encoder.encode(s.portable.titles) });
  sections.push({ name: 'dict', data: encoder.encode(s.portable.dict) });
  sections.push({ name: 'authors', data: encoder.encode(JSON.stringify(s.portable.authors)) });
  const meta: Meta = { format: FORMAT, catalogue, version: s.version.toString(), versionAt: s.versionAt, builtAt: s.builtAt, dense };
  await writeArrayFile(snapshotFile(dir, catalogue), MAGIC, meta, sections, RETIRED);
  await removeSuperseded(dir, catalogue, 'search');
}

/** Why a snapshot's header does not fit this database now (undefined: it fits). Both indexes' snapshots obey it. */
export function snapshotRefusal(
  meta: { format: number; catalogue: string; version: string; versionAt: number },
  expected: { format: number; catalogue: string; databaseVersion: bigint; maxAgeMs: number; now?: number },
): string | undefined {
  if (meta.format !== expected.format || meta.catalogue !== expected.catalogue) return 'another database, schema or format';
  if ((expected.now ?? Date.now()) - meta.versionAt > expected.maxAgeMs) return 'older than the removal log';
  if (BigInt(meta.version) > expected.databaseVersion) return 'newer than the database';
  return undefined;
}

/**
 * The snapshot of `catalogue` in `dir` when it is usable (see the top of this file), else undefined with the
 * reason (a missing file is not a fault: `reason` is undefined then).
 */
export async function readSnapshot(
  dir: string,
  catalogue: string,
  opts: { databaseVersion: bigint; maxAgeMs: number; now?: number },
): Promise<{ snapshot?: Snapshot; reason?: string }> {
  const { file, reason } = await readArrayFile<Meta>(snapshotFile(dir, catalogue), MAGIC, (meta) => snapshotRefusal(meta, { ...opts, format: FORMAT, catalogue }));
  if (!file) return reason ? { reason } : {};
  const meta = file.meta;
  try {
    const arrays = Object.fromEntries(ARRAYS.map((name) => [name, file.array(name, Int32Array)])) as PortableIndex['arrays'];
    const fields = {} as PortableIndex['fields'];
    for (const f of FIELDS) {
      const postOff = file.array(`${f}.postOff`, Int32Array);
      const bits = new Array<Uint32Array | undefined>(Math.max(0, postOff.length - 1));
      const withBits = file.array(`${f}.bitWords`, Int32Array);
      if (withBits.length) {
        const all = file.array(`${f}.bits`, Uint32Array);
        const per = all.length / withBits.length;
        withBits.forEach((w, i) => (bits[w] = all.subarray(i * per, (i + 1) * per)));
      }
      fields[f] = { off: file.array(`${f}.off`, Int32Array), data: file.array(`${f}.data`, Int32Array), postOff, postData: file.array(`${f}.postData`, Int32Array), bits, dense: meta.dense[f] };
    }
    const portable: PortableIndex = { arrays, fields, titles: file.text('titles'), dict: file.text('dict'), authors: JSON.parse(file.text('authors')) as PortableIndex['authors'] };
    return { snapshot: { portable, version: BigInt(meta.version), versionAt: meta.versionAt, builtAt: meta.builtAt } };
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
