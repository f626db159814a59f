-- Author suggestions as the shopper types: any word of the name starting with what was typed, with or without
-- diacritics ('nguyen nh' finds 'Nguyễn Nhật Ánh'). The expression is the one the suggest query tests.
CREATE INDEX IF NOT EXISTS "authors_name_words_idx" ON "authors" USING gin (to_tsvector('simple'::regconfig, f_search_norm("name")));
