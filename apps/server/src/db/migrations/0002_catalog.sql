CREATE TABLE "authors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "authors_slug_uq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "book_authors" (
	"book_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "book_authors_book_id_author_id_pk" PRIMARY KEY("book_id","author_id")
);
--> statement-breakpoint
CREATE TABLE "book_categories" (
	"book_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "book_categories_book_id_category_id_pk" PRIMARY KEY("book_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "book_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"url" text NOT NULL,
	"thumb_url" text,
	"medium_url" text,
	"large_url" text,
	"xlarge_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "books" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(200) NOT NULL,
	"title" varchar(500) NOT NULL,
	"sku" varchar(64),
	"isbn13" char(13) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" integer NOT NULL,
	"sale_price" integer,
	"sale_start_at" timestamp with time zone,
	"sale_end_at" timestamp with time zone,
	"status" varchar(16) DEFAULT 'ACTIVE' NOT NULL,
	"language" varchar(8) DEFAULT 'VI' NOT NULL,
	"cover_type" varchar(16) DEFAULT 'PAPERBACK' NOT NULL,
	"age_rating" varchar(8) DEFAULT 'ALL' NOT NULL,
	"age_min_years" smallint GENERATED ALWAYS AS (case age_rating when '_6PLUS' then 6 when '_12PLUS' then 12 when '_16PLUS' then 16 when '_18PLUS' then 18 else 0 end) STORED NOT NULL,
	"publication_year" smallint,
	"page_count" integer DEFAULT 0 NOT NULL,
	"weight_gram" integer,
	"width_cm" numeric(5, 1),
	"height_cm" numeric(5, 1),
	"thickness_cm" numeric(5, 1),
	"stock" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"publisher_id" integer,
	"supplier_id" integer,
	"title_norm" text DEFAULT '' NOT NULL,
	"search_doc" text DEFAULT '' NOT NULL,
	"search_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, search_doc)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "books_stock_nonnegative" CHECK ("books"."stock" >= 0),
	CONSTRAINT "books_sold_nonnegative" CHECK ("books"."sold" >= 0),
	CONSTRAINT "books_price_nonnegative" CHECK ("books"."price" >= 0),
	CONSTRAINT "books_sale_price_nonnegative" CHECK ("books"."sale_price" is null or "books"."sale_price" >= 0),
	CONSTRAINT "books_status_valid" CHECK ("books"."status" in ('ACTIVE', 'INACTIVE', 'DRAFT', 'OUT_OF_STOCK'))
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"parent_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_uq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "publishers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publishers_slug_uq" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" varchar(64) PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_slug_uq" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "book_authors" ADD CONSTRAINT "book_authors_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_authors" ADD CONSTRAINT "book_authors_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_categories" ADD CONSTRAINT "book_categories_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_categories" ADD CONSTRAINT "book_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_images" ADD CONSTRAINT "book_images_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_publisher_id_publishers_id_fk" FOREIGN KEY ("publisher_id") REFERENCES "public"."publishers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_authors_author_idx" ON "book_authors" USING btree ("author_id","book_id");--> statement-breakpoint
CREATE INDEX "book_categories_category_idx" ON "book_categories" USING btree ("category_id","book_id");--> statement-breakpoint
CREATE INDEX "book_images_book_idx" ON "book_images" USING btree ("book_id","sort_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "books_slug_uq" ON "books" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "books_isbn13_uq" ON "books" USING btree ("isbn13");--> statement-breakpoint
CREATE UNIQUE INDEX "books_sku_uq" ON "books" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "books_visible_created_idx" ON "books" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status in ('ACTIVE', 'OUT_OF_STOCK');--> statement-breakpoint
CREATE INDEX "books_visible_sold_idx" ON "books" USING btree ("sold" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status in ('ACTIVE', 'OUT_OF_STOCK');--> statement-breakpoint
CREATE INDEX "books_visible_price_idx" ON "books" USING btree ("price","id") WHERE status in ('ACTIVE', 'OUT_OF_STOCK');--> statement-breakpoint
CREATE INDEX "books_visible_sale_price_idx" ON "books" USING btree ("sale_price","id") WHERE status in ('ACTIVE', 'OUT_OF_STOCK') and sale_price is not null;--> statement-breakpoint
CREATE INDEX "books_visible_title_idx" ON "books" USING btree ("title_norm","id") WHERE status in ('ACTIVE', 'OUT_OF_STOCK');--> statement-breakpoint
CREATE INDEX "books_status_created_idx" ON "books" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "books_created_idx" ON "books" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "books_publisher_idx" ON "books" USING btree ("publisher_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "books_supplier_idx" ON "books" USING btree ("supplier_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "books_language_idx" ON "books" USING btree ("language","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "books_search_tsv_idx" ON "books" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "books_title_norm_prefix_idx" ON "books" USING btree ("title_norm" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id","sort_order");