-- The change log the in-memory facet index of every server process follows (docs/decisions/0350).
-- Every statement that changes what a listing or a filter panel shows (a product's visibility, site,
-- date or SKU; its prices, category links, attribute values, tags, names) bumps one counter and
-- writes the ids of the products it touched under the new value, in the same transaction. A process
-- compares the counter with its index's on every listing request and re-reads only those products,
-- so a change is seen on the next request on every process. The counter is one row: concurrent
-- writers take its lock in turn, so the values commit in order and a reader that has seen value N has
-- seen every change up to N. A statement touching more than 5,000 products (an import) writes one
-- row without a product id: "rebuild everything".
CREATE TABLE IF NOT EXISTS catalogue_index_state (
  id smallint PRIMARY KEY CHECK (id = 1),
  version bigint NOT NULL DEFAULT 0
);--> statement-breakpoint
INSERT INTO catalogue_index_state (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS catalogue_changes (
  version bigint NOT NULL,
  product_id integer,
  source text NOT NULL,
  changed_at timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS catalogue_changes_version_idx ON catalogue_changes (version);--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_log_changes(touched integer[], source text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  next_version bigint;
BEGIN
  IF coalesce(cardinality(touched), 0) = 0 THEN
    RETURN;
  END IF;
  UPDATE catalogue_index_state SET version = version + 1 WHERE id = 1 RETURNING version INTO next_version;
  IF cardinality(touched) > 5000 THEN
    INSERT INTO catalogue_changes (version, product_id, source) VALUES (next_version, NULL, source);
  ELSE
    INSERT INTO catalogue_changes (version, product_id, source)
      SELECT DISTINCT next_version, touched_id, source FROM unnest(touched) AS touched_id;
  END IF;
END $$;--> statement-breakpoint
-- Products: the columns a listing reads (stock is not one of them, so an order's stock update does
-- not wait for the counter).
CREATE OR REPLACE FUNCTION catalogue_note_products() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM catalogue_log_changes((SELECT array_agg(DISTINCT id) FROM changed_rows), TG_TABLE_NAME);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM catalogue_log_changes((SELECT array_agg(DISTINCT id) FROM old_rows), TG_TABLE_NAME);
  ELSE
    PERFORM catalogue_log_changes((
      SELECT array_agg(DISTINCT n.id) FROM changed_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.site_id, n.status, n.is_visible_individually, n.created_at, n.sku)
        IS DISTINCT FROM (o.site_id, o.status, o.is_visible_individually, o.created_at, o.sku)
    ), TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Rows that belong to a product (prices, links, attribute values, tags, names).
CREATE OR REPLACE FUNCTION catalogue_note_product_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM catalogue_log_changes((SELECT array_agg(DISTINCT product_id) FROM changed_rows), TG_TABLE_NAME);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM catalogue_log_changes((SELECT array_agg(DISTINCT product_id) FROM old_rows), TG_TABLE_NAME);
  ELSE
    PERFORM catalogue_log_changes((
      SELECT array_agg(DISTINCT touched.product_id)
      FROM (SELECT product_id FROM changed_rows UNION SELECT product_id FROM old_rows) AS touched
    ), TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE TRIGGER products_catalogue_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_note_products();--> statement-breakpoint
CREATE OR REPLACE TRIGGER products_catalogue_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_note_products();--> statement-breakpoint
CREATE OR REPLACE TRIGGER products_catalogue_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_note_products();--> statement-breakpoint
CREATE OR REPLACE TRIGGER product_prices_catalogue_insert AFTER INSERT ON product_prices
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_note_product_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER product_prices_catalogue_update AFTER UPDATE ON product_prices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_note_product_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER product_prices_catalogue_delete AFTER DELETE ON product_prices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_note_product_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER product_category_links_catalogue_insert AFTER INSERT ON product_category_links
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_note_product_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER product_category_links_catalogue_update AFTER UPDATE ON product_category_links
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_note_product_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER product_category_links_catalogue_delete AFTER DELETE ON product_category_links
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_note_product_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER product_attribute_values_catalogue_insert AFTER INSERT ON product_attribute_values
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_note_product_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER product_attribute_values_catalogue_update AFTER UPDATE ON product_attribute_values
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_note_product_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER product_attribute_values_catalogue_delete AFTER DELETE ON product_attribute_values
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_note_product_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER product_tags_catalogue_insert AFTER INSERT ON product_tags
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_note_product_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER product_tags_catalogue_update AFTER UPDATE ON product_tags
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_note_product_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER product_tags_catalogue_delete AFTER DELETE ON product_tags
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_note_product_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER product_translations_catalogue_insert AFTER INSERT ON product_translations
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_note_product_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER product_translations_catalogue_update AFTER UPDATE ON product_translations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_note_product_rows();--> statement-breakpoint
CREATE OR REPLACE TRIGGER product_translations_catalogue_delete AFTER DELETE ON product_translations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_note_product_rows();
--> statement-breakpoint
-- Keywords match a SKU anywhere in it (ILIKE '%word%'): with this index a word of three letters or more
-- finds its SKUs without reading every product (the names have product_translations_name_trgm_idx).
CREATE INDEX IF NOT EXISTS products_sku_trgm_idx ON products USING gin (sku gin_trgm_ops);
