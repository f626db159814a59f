import { index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Every staff write (back-office and, later, sales): who, what, when, and the details as JSON. Rows are only
 * ever inserted. The actor's username and role are copied, so the log still reads right after the account
 * changed role or was hard-deleted (actorId then becomes null).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorUsername: varchar('actor_username', { length: 32 }),
    actorRole: varchar('actor_role', { length: 16 }).notNull(),
    /** Upper-case verb of the domain, e.g. BOOK_CREATE, USER_SOFT_DELETE, ORDER_STATUS. */
    action: varchar('action', { length: 48 }).notNull(),
    /** BOOK, BOOK_IMAGE, USER, CATEGORY, AUTHOR, PUBLISHER, SUPPLIER, ORDER, ... */
    entityType: varchar('entity_type', { length: 32 }).notNull(),
    /** Id (or code) of the entity as text, so orders can be logged by code too. */
    entityId: varchar('entity_id', { length: 64 }),
    /** One Vietnamese line a person can read in the log. */
    summary: text('summary').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc()),
  ],
);
