-- Vietnamese search needs accent-insensitive and fuzzy matching; both exist on PostgreSQL and PGlite.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
