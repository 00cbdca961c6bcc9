-- Full-text search of the site: search documents and their indexes (written by hand).
-- Every text is folded with f_unaccent ("škola" and "skola" are one word) and parsed with the text-search
-- configuration of its own language: English and German have stemmers; Croatian has none in PostgreSQL,
-- so it uses 'simple' and the search service adds prefix terms for inflected forms.
-- Functions are schema-qualified inside so that index builds do not depend on the search_path.
CREATE OR REPLACE FUNCTION search_config(language text) RETURNS regconfig
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE language
    WHEN 'en' THEN 'pg_catalog.english'::regconfig
    WHEN 'de' THEN 'pg_catalog.german'::regconfig
    ELSE 'pg_catalog.simple'::regconfig END $$;--> statement-breakpoint
-- A document of three weighted parts: A (title or name), B (excerpt or short text), C (body).
CREATE OR REPLACE FUNCTION search_document(language text, a text, b text, c text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT
    setweight(to_tsvector(public.search_config(language), public.f_unaccent(coalesce(a, ''))), 'A') ||
    setweight(to_tsvector(public.search_config(language), public.f_unaccent(coalesce(b, ''))), 'B') ||
    setweight(to_tsvector(public.search_config(language), public.f_unaccent(coalesce(c, ''))), 'C') $$;--> statement-breakpoint
-- The string values of a section's content (headings, paragraphs, list items), keys left out.
CREATE OR REPLACE FUNCTION search_json_text(content jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(string_agg(value #>> '{}', ' '), '')
    FROM jsonb_path_query(content, 'strict $.**') AS value
    WHERE jsonb_typeof(value) = 'string' $$;--> statement-breakpoint
-- Stored documents: ranking reads them instead of parsing every matching text again, which keeps a
-- search that matches thousands of products fast. The Drizzle schema leaves them out on purpose: they
-- are never written, and only the search service reads them.
ALTER TABLE post_translations ADD COLUMN IF NOT EXISTS search_vector tsvector
  GENERATED ALWAYS AS (search_document(language_code, title, excerpt, body)) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS post_translations_search_idx ON post_translations USING gin (search_vector);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS post_translations_title_trgm_idx ON post_translations
  USING gin (f_unaccent(title) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE product_translations ADD COLUMN IF NOT EXISTS search_vector tsvector
  GENERATED ALWAYS AS (search_document(language_code, name, short_description, description)) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_translations_search_idx ON product_translations USING gin (search_vector);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_translations_name_trgm_idx ON product_translations
  USING gin (f_unaccent(name) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE product_category_translations ADD COLUMN IF NOT EXISTS search_vector tsvector
  GENERATED ALWAYS AS (search_document(language_code, name, description, '')) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_category_translations_search_idx ON product_category_translations
  USING gin (search_vector);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS product_category_translations_name_trgm_idx ON product_category_translations
  USING gin (f_unaccent(name) gin_trgm_ops);--> statement-breakpoint
-- A search that is a SKU, or its beginning, finds the product.
CREATE INDEX IF NOT EXISTS products_site_sku_search_idx ON products (site_id, lower(sku) text_pattern_ops);
