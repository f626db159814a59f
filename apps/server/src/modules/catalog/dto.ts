import { effectivePrice, roundAverage, type BookCardDto, type BookStatus, type BookDto, type BookEngagementDto, type BookImageDto } from '@nhasach/shared';
import { EMPTY_ENGAGEMENT } from './engagement-port.ts';
import type { CardRating, CardRow, DetailRow, ImageRow } from './repo.ts';
import type { ListingCard } from './listing-index.ts';
import { iso, num } from '../../lib/db-values.ts';
import { sanitizeDescription } from '../../lib/description-html.ts';

/** Rows to DTOs; the effective price is computed here with the shared rule, at the request's `now`. */

function priceFields(row: CardRow | DetailRow, now: Date) {
  const saleStartAt = iso(row.saleStartAt);
  const saleEndAt = iso(row.saleEndAt);
  const price = Number(row.price);
  const salePrice = num(row.salePrice);
  return {
    price,
    salePrice,
    effectivePrice: effectivePrice({ price, salePrice, saleStartAt, saleEndAt }, now),
    saleStartAt,
    saleEndAt,
  };
}

export function toCard(row: CardRow, now: Date): BookCardDto {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    thumbnail: row.thumbnail,
    ...priceFields(row, now),
    sold: row.sold,
    createdAt: iso(row.createdAt),
    authors: row.authors,
    status: row.status,
    stock: row.stock,
    ratingAverage: roundAverage(row.ratingSum, row.ratingCount),
    ratingCount: row.ratingCount,
    categorySlug: row.categorySlug,
  };
}

/**
 * The card of a book the listing index holds, with its category's slug and its rating (docs/decisions.md, cards):
 * toCard's answer, field for field and in its order, made straight from the index's values (no row with Dates
 * turned back into text on the way).
 */
export function toIndexCard(card: ListingCard, categorySlug: string | null, rating: CardRating | undefined, now: Date): BookCardDto {
  // As a timestamptz column read into a Date: whole milliseconds.
  const start = card.saleStart === null ? null : new Date(card.saleStart / 1000);
  const end = card.saleEnd === null ? null : new Date(card.saleEnd / 1000);
  const ratingSum = rating?.ratingSum ?? 0;
  const ratingCount = rating?.ratingCount ?? 0;
  return {
    id: card.id,
    slug: card.text.slug,
    title: card.text.title,
    thumbnail: card.text.thumbnail,
    price: card.price,
    salePrice: card.salePrice,
    effectivePrice: effectivePrice({ price: card.price, salePrice: card.salePrice, saleStartAt: start, saleEndAt: end }, now),
    saleStartAt: start === null ? null : start.toISOString(),
    saleEndAt: end === null ? null : end.toISOString(),
    sold: card.sold,
    createdAt: new Date(card.created / 1000).toISOString(),
    authors: card.text.authors,
    status: card.status as BookStatus,
    stock: card.stock,
    ratingAverage: roundAverage(ratingSum, ratingCount),
    ratingCount,
    categorySlug,
  };
}

function toImage(row: ImageRow): BookImageDto {
  return {
    id: row.id,
    url: row.url,
    sortOrder: row.sortOrder,
    variants: {
      thumb: row.thumbUrl ?? row.mediumUrl ?? row.url,
      medium: row.mediumUrl ?? row.url,
      large: row.largeUrl ?? row.url,
      xlarge: row.xlargeUrl ?? row.largeUrl ?? row.url,
    },
  };
}

export function toBookDto(row: DetailRow, engagement: BookEngagementDto | undefined, now: Date): BookDto {
  const e = engagement ?? EMPTY_ENGAGEMENT;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    originalTitle: row.originalTitle,
    sku: row.sku,
    isbn13: row.isbn13,
    thumbnail: row.thumbnail,
    images: row.images.map(toImage),
    ...priceFields(row, now),
    sold: row.sold,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    // Cleaned on write too; this pass covers HTML that reached the database another way (the page trusts it).
    description: sanitizeDescription(row.description),
    supplier: row.supplier,
    publisher: row.publisher,
    authors: row.authors,
    categories: row.categories,
    publicationYear: row.publicationYear,
    language: row.language,
    coverType: row.coverType,
    ageRating: row.ageRating,
    ageMinYears: row.ageMinYears,
    weightGram: row.weightGram,
    widthCm: num(row.widthCm),
    heightCm: num(row.heightCm),
    thicknessCm: num(row.thicknessCm),
    pageCount: row.pageCount,
    stock: row.stock,
    status: row.status,
    likedByMe: e.likedByMe,
    favoriteCount: e.favoriteCount,
    ratingAverage: e.ratingAverage,
    ratingCount: e.ratingCount,
  };
}
