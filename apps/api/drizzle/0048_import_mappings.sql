-- The column mapping an admin confirmed for an import file's header, offered again for that header.
CREATE TABLE import_mappings (
  kind text NOT NULL,
  header_key text NOT NULL,
  mapping jsonb NOT NULL,
  updated_by uuid,
  updated_at timestamptz DEFAULT now() NOT NULL,
  CONSTRAINT import_mappings_pk PRIMARY KEY (kind, header_key),
  CONSTRAINT import_mappings_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES staff(id) ON DELETE SET NULL
);
