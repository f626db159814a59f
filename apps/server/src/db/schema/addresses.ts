import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { AddressScheme } from '@nhasach/shared';
import { users } from './users.ts';

/** Delivery addresses of a user; names are stored (orders snapshot them), codes when they came from the geo data. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: varchar('full_name', { length: 100 }).notNull(),
    phone: varchar('phone', { length: 15 }).notNull(),
    line1: varchar('line1', { length: 255 }).notNull(),
    ward: varchar('ward', { length: 100 }).notNull(),
    district: varchar('district', { length: 100 }).notNull(),
    province: varchar('province', { length: 100 }).notNull(),
    wardCode: varchar('ward_code', { length: 8 }),
    districtCode: varchar('district_code', { length: 8 }),
    provinceCode: varchar('province_code', { length: 8 }),
    /** The unit set the names and codes belong to; TWO_LEVEL has an empty district (see docs/decisions.md). */
    scheme: varchar('scheme', { length: 12 }).$type<AddressScheme>().notNull().default('THREE_LEVEL'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.createdAt),
    // At most one default per user, whatever the concurrency.
    uniqueIndex('addresses_one_default_uq').on(t.userId).where(sql`${t.isDefault}`),
    check('addresses_scheme_valid', sql`${t.scheme} in ('TWO_LEVEL', 'THREE_LEVEL')`),
  ],
);
