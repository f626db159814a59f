-- Shop settings the admin sets in the content back-office: the business registration details and the Ministry of
-- Industry and Trade notification badge shown in the footer (hidden while empty).
CREATE TABLE IF NOT EXISTS "shop_settings" (
  "key" varchar(64) PRIMARY KEY,
  "value" text NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_by" varchar(32)
);
