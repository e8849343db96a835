-- Source ids and aliases are one namespace: get_source, resources/read and /sources/<ref> take either,
-- so an alias equal to a source's id would stand in for that source (docs/corpus-format.md,
-- "Aliases"). The importer refuses one before it writes; these triggers refuse it at every write
-- that gets past it, at the cost of one primary-key probe a row. Alias against alias needs nothing
-- here: source_aliases.alias is the table's primary key. Rows written before this migration are not
-- checked (a migration cannot fail on data it did not write): the lookup in src/data/sources.ts
-- prefers a source's own id over any alias, so such a row hides and redirects nothing.
CREATE TRIGGER source_aliases_not_an_id_insert BEFORE INSERT ON source_aliases
WHEN EXISTS (SELECT 1 FROM sources WHERE source_id = NEW.alias)
BEGIN
  SELECT RAISE(ABORT, 'source_aliases.alias equals a source id: ids and aliases are one namespace');
END;

CREATE TRIGGER source_aliases_not_an_id_update BEFORE UPDATE OF alias ON source_aliases
WHEN EXISTS (SELECT 1 FROM sources WHERE source_id = NEW.alias)
BEGIN
  SELECT RAISE(ABORT, 'source_aliases.alias equals a source id: ids and aliases are one namespace');
END;

CREATE TRIGGER sources_id_not_an_alias_insert BEFORE INSERT ON sources
WHEN EXISTS (SELECT 1 FROM source_aliases WHERE alias = NEW.source_id)
BEGIN
  SELECT RAISE(ABORT, 'sources.source_id equals an alias: ids and aliases are one namespace');
END;

CREATE TRIGGER sources_id_not_an_alias_update BEFORE UPDATE OF source_id ON sources
WHEN EXISTS (SELECT 1 FROM source_aliases WHERE alias = NEW.source_id)
BEGIN
  SELECT RAISE(ABORT, 'sources.source_id equals an alias: ids and aliases are one namespace');
END;
