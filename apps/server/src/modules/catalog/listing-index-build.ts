import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ListingColumnsBuilder, type ListingBook, type ListingCategory, type ListingColumns } from './listing-index.ts';
import { prefetch, rowsOf } from './search-index-build.ts';

/**
 * The build of a ListingIndex's columns from the books table (listing-index-loader.ts explains the whole). Apart
 * from the loader so a worker thread (listing-index-worker.ts) loads only this, not the app's database client.
 */
export const LISTING_BATCH = 50_000;

/** A batch of books in id order, as columns (see buildListingColumns). */
interface ListingBatch {
  n: number;
  last: number | string;
  ids: Uint8Array;
  status: string;
  language: string;
  created: Uint8Array;
  sold: Uint8Array;
  stock: Uint8Array;
  price: Uint8Array;
  sale: Uint8Array;
  saleStart: Uint8Array;
  saleEnd: Uint8Array;
  publisher: Uint8Array;
  supplier: Uint8Array;
  age: Uint8Array;
  cats: string | null;
  /** Each book's card text (cardTextSql), preceded by its byte length. */
  cards: Uint8Array;
}

/** node-postgres gives a Buffer, the embedded database a Uint8Array: a Buffer over the same bytes. */
const bytes = (u: Uint8Array): Buffer => (Buffer.isBuffer(u) ? u : Buffer.from(u.buffer, u.byteOffset, u.byteLength));

function addBatch(builder: ListingColumnsBuilder, raw: ListingBatch): void {
  const b = { ...raw, ids: bytes(raw.ids), created: bytes(raw.created), sold: bytes(raw.sold), stock: bytes(raw.stock), price: bytes(raw.price), sale: bytes(raw.sale),
    saleStart: bytes(raw.saleStart), saleEnd: bytes(raw.saleEnd), publisher: bytes(raw.publisher), supplier: bytes(raw.supplier), age: bytes(raw.age), cards: bytes(raw.cards) };
  const statuses = b.status.split(',');
  const languages = b.language.split(',');
  const cats = b.cats ?? '';
  // The rows came in the subquery's order into every aggregate: ids must rise, or the batch is refused.
  let previous = -1;
  let c = 0;
  let card = 0;
  const list: number[] = [];
  for (let i = 0; i < b.n; i++) {
    const id = b.ids.readInt32BE(i * 4);
    if (id <= previous) throw new Error('listing build: a batch not in id order');
    previous = id;
    // The categories of book i: digits and commas up to the next ';'.
    list.length = 0;
    let v = -1;
    for (; c < cats.length; c++) {
      const ch = cats.charCodeAt(c);
      if (ch === 59) break; // ';'
      if (ch === 44) {
        if (v >= 0) list.push(v);
        v = -1;
      } else v = (v < 0 ? 0 : v * 10) + (ch - 48);
    }
    if (v >= 0) list.push(v);
    c++;
    const cardLength = b.cards.readInt32BE(card);
    const cardText = b.cards.subarray(card + 4, card + 4 + cardLength);
    card += 4 + cardLength;
    builder.addValues(
      id,
      statuses[i]!,
      b.created.readDoubleBE(i * 8),
      b.sold.readInt32BE(i * 4),
      b.stock.readInt32BE(i * 4),
      b.price.readInt32BE(i * 4),
      b.sale.readInt32BE(i * 4),
      b.saleStart.readDoubleBE(i * 8),
      b.saleEnd.readDoubleBE(i * 8),
      b.publisher.readInt32BE(i * 4),
      b.supplier.readInt32BE(i * 4),
      languages[i]!,
      b.age.readInt16BE(i * 2),
      list,
      cardText,
    );
  }
}

/** A book's authors as a JSON array of {id, name, slug}, in their order on the book (`b` is the books row). */
export const authorsJsonSql = sql`coalesce((select json_agg(json_build_object('id', a.id, 'name', a.name, 'slug', a.slug) order by ba.position, a.id)
    from book_authors ba join authors a on a.id = ba.author_id where ba.book_id = b.id), '[]'::json)`;
/** A book's card picture: its first image's medium variant. */
export const thumbnailSql = sql`(select coalesce(i.medium_url, i.url) from book_images i where i.book_id = b.id order by i.sort_order, i.id limit 1)`;

/**
 * What a card shows of a book that is not a listing column, as one bytea the index keeps as it is: title, slug,
 * picture and the authors' JSON, each as its byte length (int4, -1: no picture) and its UTF-8 bytes (readCardText in listing-index.ts).
 */
const cardText = (picture: SQL, authors: SQL): SQL =>
  sql`int4send(octet_length(b.title)) || convert_to(b.title, 'UTF8') || int4send(octet_length(b.slug)) || convert_to(b.slug, 'UTF8')
    || coalesce(int4send(octet_length(${picture})) || convert_to(${picture}, 'UTF8'), int4send(-1)) || int4send(octet_length(${authors})) || convert_to(${authors}, 'UTF8')`;
export const cardTextSql = sql`(select ${cardText(sql`p.u`, sql`p.j`)} from (select ${thumbnailSql} as u, ${authorsJsonSql}::text as j) p)`;

/** The columns a listing filters and sorts on; timestamps as exact microseconds (created_at ties break by id). */
export const listingRowColumns: SQL = sql`b.id, b.status, (extract(epoch from b.created_at) * 1000000)::float8 as created, b.sold, b.stock, b.price,
  b.sale_price as "salePrice", (extract(epoch from b.sale_start_at) * 1000000)::float8 as "saleStart",
  (extract(epoch from b.sale_end_at) * 1000000)::float8 as "saleEnd", b.publisher_id as "publisherId",
  b.supplier_id as "supplierId", b.language, b.age_min_years as "ageMin", array_to_string(b.category_ids, ',') as cats, ${cardTextSql} as card`;

export interface ListingRow extends Omit<ListingBook, 'categoryIds'> {
  cats: string;
}

export const toListingBook = (r: ListingRow): ListingBook => ({
  id: r.id,
  status: r.status,
  created: Number(r.created),
  sold: r.sold,
  stock: r.stock,
  price: r.price,
  salePrice: r.salePrice,
  saleStart: r.saleStart === null ? null : Number(r.saleStart),
  saleEnd: r.saleEnd === null ? null : Number(r.saleEnd),
  publisherId: r.publisherId,
  supplierId: r.supplierId,
  language: r.language,
  ageMin: r.ageMin,
  categoryIds: r.cats ? r.cats.split(',').map(Number) : [],
  card: r.card,
});

/**
 * Visible books in id order, by keyset from the primary key, and the feed's versions before the read. Without
 * `cards`, no card text is read (about two thirds of the database's work): the cards then come from the database.
 */
export async function buildListingColumns(db: Db, cards = true): Promise<{ columns: ListingColumns; tree: ListingCategory[]; version: bigint; removedVersion: bigint }> {
  // The versions first: changes made while the batches are read come again through the feed.
  const [v] = await rowsOf<{ v: string; r: string }>(
    db,
    sql`select coalesce((select max(listing_version) from books), 0)::text as v, coalesce((select max(version) from book_search_removed), 0)::text as r`,
  );
  const builder = new ListingColumnsBuilder();
  // A batch as one row of columns: numbers in PostgreSQL's binary form (bytea, decoded natively), the short texts
  // joined. Parsing a million rows as objects was most of the build's time (docs/performance.md, issue 32). The
  // next batch is asked for before this one is decoded, so the database reads it meanwhile.
  const batch = (after: number): Promise<ListingBatch[]> =>
    prefetch(
      rowsOf<ListingBatch>(
        db,
        sql`with page as (select * from books b where b.status in ('ACTIVE', 'OUT_OF_STOCK') and b.id > ${after} order by b.id limit ${LISTING_BATCH}),
            bounds as (select min(id) as lo, max(id) as hi from page),
            -- The page's pictures and authors read by range, not by a sub-select per book (half the database's time).
            pictures as (select distinct on (im.book_id) im.book_id, coalesce(im.medium_url, im.url) as u from book_images im, bounds
              where im.book_id between bounds.lo and bounds.hi order by im.book_id, im.sort_order, im.id),
            writers as (select ba.book_id, json_agg(json_build_object('id', au.id, 'name', au.name, 'slug', au.slug) order by ba.position, au.id)::text as j
              from book_authors ba join authors au on au.id = ba.author_id, bounds where ba.book_id between bounds.lo and bounds.hi group by ba.book_id)
          select count(*)::int as n, coalesce(max(r.id), 0) as last,
            string_agg(int4send(r.id), ''::bytea) as ids, string_agg(r.status, ',') as status, string_agg(r.language, ',') as language,
            string_agg(float8send(r.created), ''::bytea) as created, string_agg(int4send(r.sold), ''::bytea) as sold, string_agg(int4send(r.stock), ''::bytea) as stock,
            string_agg(int4send(r.price), ''::bytea) as price, string_agg(int4send(r.sale), ''::bytea) as sale,
            string_agg(float8send(r.sale_start), ''::bytea) as "saleStart", string_agg(float8send(r.sale_end), ''::bytea) as "saleEnd",
            string_agg(int4send(r.publisher), ''::bytea) as publisher, string_agg(int4send(r.supplier), ''::bytea) as supplier,
            string_agg(int2send(r.age), ''::bytea) as age, string_agg(r.cats, ';') as cats,
            string_agg(int4send(octet_length(r.card)) || r.card, ''::bytea) as cards
          from (select b.id, b.status::text as status, b.language::text as language,
              (extract(epoch from b.created_at) * 1000000)::float8 as created, b.sold, b.stock, b.price, coalesce(b.sale_price, -1) as sale,
              coalesce((extract(epoch from b.sale_start_at) * 1000000)::float8, '-Infinity'::float8) as sale_start,
              coalesce((extract(epoch from b.sale_end_at) * 1000000)::float8, 'Infinity'::float8) as sale_end,
              coalesce(b.publisher_id, -1) as publisher, coalesce(b.supplier_id, -1) as supplier, b.age_min_years::int2 as age,
              coalesce(array_to_string(b.category_ids, ','), '') as cats,
              ${cards ? cardText(sql`p.u`, sql`coalesce(w.j, '[]')`) : sql`''::bytea`} as card
            from page b ${cards ? sql`left join pictures p on p.book_id = b.id left join writers w on w.book_id = b.id` : sql``} order by b.id) r`,
      ),
    );
  for (let next: Promise<ListingBatch[]> | undefined = batch(0); next; ) {
    const batchRows: ListingBatch[] = await next;
    const rows = batchRows[0];
    const n = rows?.n ?? 0;
    if (!rows || n === 0) break;
    next = n === LISTING_BATCH ? batch(Number(rows.last)) : undefined;
    addBatch(builder, rows);
  }
  // The category tree, for the books of each category with its descendants (tens or hundreds of rows).
  const tree = await rowsOf<ListingCategory>(db, sql`select id, parent_id as "parentId" from categories`);
  return { columns: builder.build(), tree, version: BigInt(v?.v ?? '0'), removedVersion: BigInt(v?.r ?? '0') };
}
