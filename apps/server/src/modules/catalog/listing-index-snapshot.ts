import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { readArrayFile, writeArrayFile, type ArrayFileSection } from '../../lib/array-file.ts';
import { listingColumns, listingParts, type ListingParts } from './listing-index.ts';
import { buildListingColumns } from './listing-index-build.ts';
import { rowsOf } from './search-index-build.ts';
import { catalogueIdentity, removeSuperseded, snapshotFile, snapshotRefusal, type LoadOptions } from './search-index-snapshot.ts';

/**
 * The listing index's sorted and grouped arrays on disk, so a restart answers listings from memory within seconds
 * instead of reading a million books again (PostgreSQL answers every listing until then, at many times the cost).
 * The same rules as the search index's snapshot (search-index-snapshot.ts): used only for the same database, schema
 * and format, younger than the removal log, not newer than the database, whole; written after every build from
 * the database; the feed then applies the changes since its versions.
 */
const MAGIC = 'NHSLST01';
/** Bump when the parts' arrays change meaning (an old file is then ignored). */
const FORMAT = 6;

type Typed = Int32Array | Float64Array | Uint8Array | Int16Array;
type TypeName = 'Int32Array' | 'Float64Array' | 'Uint8Array' | 'Int16Array';

interface Meta {
  format: number;
  catalogue: string;
  version: string;
  removedVersion: string;
  versionAt: number;
  /** Each array's element type, by section name (`columns.x` for a column). */
  types: Record<string, TypeName>;
  statusNames: string[];
  languageNames: string[];
}

export interface ListingLoad {
  parts: ListingParts;
  version: bigint;
  removedVersion: bigint;
  source: 'snapshot' | 'database';
  /** Whether the parts hold the card text (a snapshot always does). */
  cards: boolean;
  notes: string[];
}

/** Where the snapshot lives and whether to try it first: as for the search index. */
export type ListingLoadOptions = LoadOptions & {
  /** false: built from the database without the card text (and then not written as the snapshot). */
  cards?: boolean;
};

const typeOf = (a: Typed): TypeName => a.constructor.name as TypeName;

let sections: string[] | undefined;
/** The name of every section of the parts (those of an empty catalogue's parts name them all). */
const sectionNames = () => (sections ??= arraysOf(listingParts(listingColumns([]))).map(([name]) => name));

/** Every typed array of the parts, by section name; the columns' name lists go to the header. */
function arraysOf(parts: ListingParts): [string, Typed][] {
  const out: [string, Typed][] = [];
  for (const [name, v] of Object.entries(parts.columns)) if (ArrayBuffer.isView(v)) out.push([`columns.${name}`, v as Typed]);
  for (const [name, v] of Object.entries(parts)) if (ArrayBuffer.isView(v)) out.push([name, v as Typed]);
  return out;
}

export async function writeListingSnapshot(dir: string, catalogue: string, load: Omit<ListingLoad, 'source' | 'cards' | 'notes'> & { versionAt: number }): Promise<void> {
  const arrays = arraysOf(load.parts);
  const meta: Meta = {
    format: FORMAT,
    catalogue,
    version: load.version.toString(),
    removedVersion: load.removedVersion.toString(),
    versionAt: load.versionAt,
    types: Object.fromEntries(arrays.map(([name, a]) => [name, typeOf(a)])),
    statusNames: load.parts.columns.statusNames,
    languageNames: load.parts.columns.languageNames,
  };
  const sections: ArrayFileSection[] = arrays.map(([name, data]) => ({ name, data }));
  await writeArrayFile(snapshotFile(dir, catalogue, 'listing'), MAGIC, meta, sections);
  await removeSuperseded(dir, catalogue, 'listing');
}

export async function readListingSnapshot(
  dir: string,
  catalogue: string,
  opts: { databaseVersion: bigint; maxAgeMs: number; now?: number },
): Promise<{ load?: Omit<ListingLoad, 'source' | 'cards' | 'notes'>; reason?: string }> {
  const { file, reason } = await readArrayFile<Meta>(snapshotFile(dir, catalogue, 'listing'), MAGIC, (meta) => snapshotRefusal(meta, { ...opts, format: FORMAT, catalogue }));
  if (!file) return reason ? { reason } : {};
  const { meta } = file;
  // A file of this format without one of the parts' sections (written by a build of the same format number that
  // did not have it yet) is refused: the index could not be made from it.
  const missing = sectionNames().filter((name) => !(name in meta.types));
  if (missing.length > 0) return { reason: `sections missing: ${missing.join(', ')}` };
  try {
    const columns: Record<string, unknown> = { statusNames: meta.statusNames, languageNames: meta.languageNames };
    const parts: Record<string, unknown> = { columns };
    const viewOf = (name: string, type: TypeName): Typed => {
      switch (type) {
        case 'Int32Array':
          return file.array(name, Int32Array);
        case 'Float64Array':
          return file.array(name, Float64Array);
        case 'Uint8Array':
          return file.array(name, Uint8Array);
        case 'Int16Array':
          return file.array(name, Int16Array);
        default:
          throw new Error(`section ${name} of an unknown type`);
      }
    };
    for (const [name, type] of Object.entries(meta.types)) {
      const view = viewOf(name, type);
      if (name.startsWith('columns.')) columns[name.slice('columns.'.length)] = view;
      else parts[name] = view;
    }
    return { load: { parts: parts as unknown as ListingParts, version: BigInt(meta.version), removedVersion: BigInt(meta.removedVersion) } };
  } catch (err) {
    return { reason: `damaged: ${(err as Error).message}` };
  }
}

/** The parts from the snapshot when usable, else built from the database (and then written as the snapshot). */
export async function loadListingParts(db: Db, opts: ListingLoadOptions): Promise<ListingLoad> {
  const notes: string[] = [];
  const catalogue = opts.dir ? await catalogueIdentity(db) : '';
  if (opts.dir && opts.fromSnapshot) {
    const [v] = await rowsOf<{ v: string }>(db, sql`select coalesce(max(listing_version), 0)::text as v from books`);
    const { load, reason } = await readListingSnapshot(opts.dir, catalogue, { databaseVersion: BigInt(v?.v ?? '0'), maxAgeMs: opts.maxAgeMs });
    if (load) return { ...load, source: 'snapshot', cards: true, notes };
    if (reason) notes.push(`snapshot ignored (${reason})`);
  }
  const versionAt = Date.now();
  const cards = opts.cards ?? true;
  const { columns, tree, version, removedVersion } = await buildListingColumns(db, cards);
  const parts = listingParts(columns, tree);
  if (opts.dir && cards) {
    try {
      await writeListingSnapshot(opts.dir, catalogue, { parts, version, removedVersion, versionAt });
    } catch (err) {
      notes.push(`snapshot not written (${(err as Error).message})`);
    }
  }
  return { parts, version, removedVersion, source: 'database', cards, notes };
}
