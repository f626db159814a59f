import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 32 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: varchar('full_name', { length: 100 }),
    phone: varchar('phone', { length: 15 }),
    gender: varchar('gender', { length: 10 }).$type<'MALE' | 'FEMALE' | 'OTHER'>(),
    birthDate: date('birth_date', { mode: 'string' }),
    avatarUrl: text('avatar_url'),
    role: varchar('role', { length: 16 }).$type<'ADMIN' | 'SALE' | 'USER'>().notNull().default('USER'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt),
  ],
);
