-- Shoppers' accounts carry the role USER (the name other front ends know); CUSTOMER was its former name, still read
-- as USER wherever a role is read (packages/shared/src/roles.ts), so tokens issued before keep working.
UPDATE "users" SET "role" = 'USER' WHERE "role" = 'CUSTOMER';
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" SET DEFAULT 'USER';
