import type { AgeRating, CoverType, Language } from '@nhasach/shared';
import type { LeafCategory } from './categories.ts';
import type { PublisherKey, SupplierKey } from './organisations.ts';

/** One demo book as written in the data files; the seed derives the rest (slug, ISBN when absent, sizes). */
export interface BookData {
  title: string;
  authors: string[];
  /** Translator of a translated edition; shown at the end of the description. */
  translator?: string;
  category: LeafCategory;
  publisher: PublisherKey;
  supplier: SupplierKey;
  year: number;
  pages: number;
  /** List price in VND, VAT included. */
  price: number;
  /** HTML, or plain sentences that the seed wraps in one paragraph. */
  description: string;
  /** The edition's real ISBN-13 when known; otherwise one is generated (978-604, valid checksum). */
  isbn?: string;
  cover?: CoverType;
  language?: Language;
  age?: AgeRating;
  /** Copies sold so far; a default from the title's hash when absent. */
  sold?: number;
  /** Width x height in cm; a default by category when absent. */
  size?: [number, number];
}
