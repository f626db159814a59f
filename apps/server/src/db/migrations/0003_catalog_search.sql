-- Vietnamese search helpers. unaccent() is only STABLE (its dictionary could change), so it cannot be used in
-- indexes or generated columns; this wrapper names the dictionary explicitly and is declared IMMUTABLE.
-- unaccent maps every Vietnamese vowel with its marks to the bare vowel and 'đ'/'Đ' to 'd'/'D'.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
-- The normal form of searchable text: no diacritics, lower case, runs of anything but [a-z0-9] become one
-- space, trimmed. 'Đắc Nhân Tâm' and 'dac  nhan-tam' both become 'dac nhan tam'.
CREATE OR REPLACE FUNCTION f_search_norm(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT btrim(regexp_replace(lower(f_unaccent($1)), '[^a-z0-9]+', ' ', 'g')) $$;
