/**
 * The search lexicon's rows from its reviewed source, data/search-lexicon.json: every group of
 * equivalent forms becomes one row per ordered pair of forms (term -> expansion), keyed by the
 * term's index tokens; a Spanish group (kind "spanish": an English form, then the Spanish ways to
 * say it) becomes one row per Spanish form, leading to the English form it is searched as and keyed
 * by its Spanish stems (spanishKey: its plural and singular are one key). The
 * newest lexicon migration (LEXICON_MIGRATION_NAME) is generated from this
 * (`npm run lexicon -- generate`) and makes any database's table equal the file;
 * test/workers/search/words.test.ts checks the migrated table against it, so the file stays the one
 * source of truth. Pure: imported by the Workers tests too.
 */

import { LEXICON_MAX_WORDS, MAX_TERM_TOKENS, spanishKey, termKey } from "../../src/search/query/parse";
import { isSpanishStopWord } from "../../src/search/query/spanish-words";
import { isStopKey } from "../../src/search/query/stop-words";
import { rawTokens } from "../../src/search/query/tokens";
import { describeHiddenCharacter, findHiddenCharacter } from "../../src/text/hidden-characters";
import { inlineStatement, MAX_STATEMENT_BYTES, type Statement } from "../corpus/statements";

export const LEXICON_KINDS = ["acronym", "abbreviation", "variant", "spanish"] as const;
export type LexiconKind = (typeof LEXICON_KINDS)[number];

export interface LexiconGroup {
	/** Equivalent forms; of kind "spanish", the English form first and then the Spanish forms that stand for it. */
	forms: string[];
	kind: LexiconKind;
	note: string;
	/**
	 * Of a Spanish group, forms keyed as the index reads them (their plural and singular meet only
	 * where its stemming joins them: "citas" and "cita" are "cita"), not by their Spanish stems: a form
	 * whose Spanish stem English words share ("citas", and cite, cites, cited, are all "cit" to
	 * Snowball), which an English query holding those words would otherwise be read as. The note says why.
	 */
	keyed_as_written?: string[];
}

/** A Spanish group's English form, and the Spanish forms searched as it. */
export function spanishForms(group: LexiconGroup): { english: string; spanish: string[] } | null {
	if (group.kind !== "spanish") return null;
	const [english = "", ...spanish] = group.forms;
	return { english, spanish };
}

export interface LexiconRow {
	term_key: string;
	term: string;
	expansion: string;
	kind: LexiconKind;
	note: string;
}

export const LEXICON_COLUMNS = ["term_key", "term", "expansion", "kind", "note"] as const;

/** The table, as every lexicon migration since 0016 creates it again: its kinds are LEXICON_KINDS. */
export const LEXICON_TABLE_SQL = `CREATE TABLE search_lexicon (
  term_key  TEXT NOT NULL,
  term      TEXT NOT NULL,
  expansion TEXT NOT NULL,
  kind      TEXT NOT NULL CHECK (kind IN (${LEXICON_KINDS.map((k) => `'${k}'`).join(", ")})),
  note      TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (term_key, expansion)
) WITHOUT ROWID;`;

/** The one statement that writes a row, for the migration and for `npm run lexicon -- add`. */
export const insertRow = (row: LexiconRow): { sql: string; params: string[] } => ({
	sql: `INSERT OR REPLACE INTO search_lexicon (${LEXICON_COLUMNS.join(", ")}) VALUES (?, ?, ?, ?, ?)`,
	params: LEXICON_COLUMNS.map((c) => row[c]),
});

export class LexiconError extends Error {}

/**
 * Most forms in one group: a group of n forms is n × (n − 1) rows, written by one wrangler command,
 * and past this its SQL grows past what one command reliably applies (30 forms: 870 rows, 200 KB).
 */
export const MAX_GROUP_FORMS = 8;

/**
 * Why search would read a form as a common word rather than as written, or null. A word that ends in
 * "*" is plain text to search (no wildcards), so "seo*" is the word seo, and every search for seo
 * would expand to the entry; a form of stop words only (English, or Spanish: a query written in
 * Spanish leaves those out) is never required by a search, so every
 * query holding them would expand to it; a form that reduces to one character ("C++" is c) would
 * expand every search holding that letter.
 */
function readAsAnotherWord(form: string, key: string): string | null {
	if (/\*(?=\s|$)/u.test(form))
		return `"${form}" ends a word in "*": search has no wildcards and reads it as "${key}", so every search for "${key}" would expand to this entry; write the forms in full`;
	const words = key.split(" ");
	if (words.every(isStopKey) || rawTokens(form).every(isSpanishStopWord))
		return `"${form}" is only stop words ("${key}"), which search never requires: every search holding them would expand to this entry`;
	if (words.length === 1 && [...key].length === 1)
		return `"${form}" reduces to the one-character word "${key}" as search reads it: every search holding that letter would expand to this entry`;
	return null;
}

/** Forms as search compares them, and as add stores them: trimmed, runs of spaces as one. */
export const normalizedForm = (form: string): string => form.trim().replace(/\s+/gu, " ");

/**
 * Checks a group and returns its rows: every form of it leads to every other form; of a Spanish
 * group, every Spanish form leads to the English form alone (search reads it as that form, so an
 * English query never meets the Spanish forms), keyed by its Spanish stems, or by its index tokens
 * when it is one of `shared` (a stem another group's form shares: sharedSpanishStems) or of the
 * group's keyed_as_written.
 */
export function groupRows(group: LexiconGroup, shared: ReadonlySet<string> = new Set()): LexiconRow[] {
	if (!LEXICON_KINDS.includes(group.kind))
		throw new LexiconError(`kind must be one of ${LEXICON_KINDS.join(", ")}, not ${group.kind}`);
	const exact = new Set([...shared, ...asWritten(group)]);
	// Checked as given, before spaces are normalised (U+FEFF counts as a space to a regex).
	for (const [i, form] of group.forms.entries()) {
		const hidden = findHiddenCharacter(form, "line");
		if (hidden !== null)
			throw new LexiconError(`form ${i + 1} ${describeHiddenCharacter(hidden)}: remove it`);
	}
	const forms = group.forms.map(normalizedForm);
	if (forms.length < 2) throw new LexiconError("an entry needs at least two forms");
	if (forms.length > MAX_GROUP_FORMS)
		throw new LexiconError(
			`an entry holds at most ${MAX_GROUP_FORMS} forms (${MAX_GROUP_FORMS * (MAX_GROUP_FORMS - 1)} rows); this one has ${forms.length} (${forms.length * (forms.length - 1)} rows): split it into smaller groups`,
		);
	const noteHidden = findHiddenCharacter(group.note, "line");
	if (noteHidden !== null) throw new LexiconError(`the note ${describeHiddenCharacter(noteHidden)}`);
	const keys = forms.map(termKey);
	// A Spanish form is keyed by its Spanish stems: how a query's words are looked up among them.
	const rowKeys = forms.map((form, i) =>
		group.kind === "spanish" && i > 0 && !exact.has(form) ? spanishKey(form) : termKey(form),
	);
	for (const [i, form] of forms.entries()) {
		// The same rules as a caller's query: a form is searched as a phrase of its tokens.
		if (keys[i] === "") throw new LexiconError(`"${form}" has no searchable words`);
		const tokenCount = rawTokens(form).length;
		if (tokenCount > MAX_TERM_TOKENS)
			throw new LexiconError(
				`"${[...form].length > 60 ? `${[...form].slice(0, 59).join("")}…` : form}" is ${tokenCount} words as search counts them (hyphens and punctuation split words); searches keep at most ${MAX_TERM_TOKENS} per term`,
			);
		if (form.split(" ").length > LEXICON_MAX_WORDS)
			throw new LexiconError(
				`"${form}" has more than ${LEXICON_MAX_WORDS} words: searches never look up longer runs`,
			);
		if (form.includes('"')) throw new LexiconError(`"${form}" must not contain double quotes`);
		const reduced = readAsAnotherWord(form, keys[i] as string);
		if (reduced !== null) throw new LexiconError(reduced);
		// Spanish forms compared by their keys, and with the English form as the index reads both.
		const same =
			group.kind === "spanish" && i > 0
				? keys[i] === keys[0]
					? 0
					: rowKeys.indexOf(rowKeys[i] as string, 1)
				: keys.indexOf(keys[i] as string);
		if (same !== i) throw new LexiconError(`"${form}" is the same words as "${forms[same]}"`);
	}
	const rows: LexiconRow[] = [];
	const row = (i: number, expansion: string) =>
		rows.push({
			term_key: rowKeys[i] as string,
			term: forms[i] as string,
			expansion,
			kind: group.kind,
			note: group.note,
		});
	if (group.kind === "spanish") {
		const english = forms[0] as string;
		checkEnglishForm(english);
		for (const i of forms.keys()) if (i > 0) row(i, english);
		return rows;
	}
	for (const i of forms.keys()) for (const [j, expansion] of forms.entries()) if (i !== j) row(i, expansion);
	return rows;
}

/** A group's forms keyed as written (keyed_as_written), each one of its Spanish forms. */
function asWritten(group: LexiconGroup): string[] {
	const forms = (group.keyed_as_written ?? []).map(normalizedForm);
	const spanish = (spanishForms(group)?.spanish ?? []).map(normalizedForm);
	for (const form of forms)
		if (!spanish.includes(form))
			throw new LexiconError(`"${form}" is keyed as written, so it must be one of the group's Spanish forms`);
	return forms;
}

/**
 * A Spanish form is searched as its English form's words, each a word of the query
 * (src/search/query/terms.ts): so each of them is one token, never a phrase the query's bounds
 * did not count (write "click through rate": the same words as "click-through rate").
 */
function checkEnglishForm(english: string): void {
	const words = english.split(" ");
	if (rawTokens(english).length !== words.length)
		throw new LexiconError(
			`"${english}" is searched as its words, so each must be one word as search counts them: no hyphen or other punctuation inside a word`,
		);
}

/**
 * All rows of the lexicon file, sorted; a term_key/expansion pair appears once, and a term in one
 * group only (a form in two would join their meanings).
 */
export function lexiconRows(groups: LexiconGroup[]): LexiconRow[] {
	const exact = sharedSpanishStems(groups);
	const byKey = new Map<string, LexiconRow>();
	// Spanish forms' keys apart from the others': a query's words are looked up as each separately.
	const groupOf = new Map<string, LexiconGroup>();
	const place = (kind: LexiconKind, key: string) => `${kind === "spanish" ? "es" : "en"} ${key}`;
	for (const group of groups) {
		for (const row of groupRows(group, exact)) {
			const id = rowId(row);
			if (byKey.has(id)) throw new LexiconError(`"${row.term}" -> "${row.expansion}" is listed twice`);
			const other = groupOf.get(place(row.kind, row.term_key));
			if (other !== undefined && other !== group)
				throw new LexiconError(`"${row.term}" is in two groups: "${other.forms[0]}" and "${group.forms[0]}"`);
			groupOf.set(place(row.kind, row.term_key), group);
			byKey.set(id, row);
		}
	}
	for (const group of groups) {
		const english = spanishForms(group)?.english;
		if (english === undefined) continue;
		// Typed as a query, the English form would be read as another group's Spanish form (its own
		// group's is no translation: "niche" and "nicho" are one Spanish stem).
		const other = groupOf.get(place("spanish", spanishKey(english)));
		if (other !== undefined && termKey(other.forms[0] ?? "") !== termKey(english))
			throw new LexiconError(
				`"${english}" is searched for Spanish forms, so it must not be a Spanish form itself`,
			);
	}
	return [...byKey.values()].sort((a, b) =>
		a.term_key === b.term_key ? cmp(a.expansion, b.expansion) : cmp(a.term_key, b.term_key),
	);
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The Spanish forms whose Spanish stems a form of another group shares: Snowball stems "página" and
 * "paginación" alike ("pagin"), which are page and pagination. Keyed by that stem, one would be read
 * as the other's English form; so such forms are keyed by their index tokens, as written (their
 * plurals still meet when the index's stemming joins them: "páginas" is "pagina").
 */
function sharedSpanishStems(groups: readonly LexiconGroup[]): Set<string> {
	const owners = new Map<string, Set<LexiconGroup>>();
	for (const group of groups)
		for (const form of spanishForms(group)?.spanish ?? []) {
			const stem = spanishKey(form);
			owners.set(stem, (owners.get(stem) ?? new Set()).add(group));
		}
	const exact = new Set<string>();
	for (const group of groups)
		for (const form of spanishForms(group)?.spanish ?? [])
			if ((owners.get(spanishKey(form))?.size ?? 0) > 1) exact.add(normalizedForm(form));
	return exact;
}

/**
 * The migrations that write the file's rows: `<NNNN>_search_lexicon_<name>.sql`. Not 0008, which created
 * the table with the rows of its day: deployed databases applied it once and never read it again.
 */
export const LEXICON_MIGRATION_NAME = /^(\d{4})_search_lexicon_[a-z0-9_]+\.sql$/;

/** The newest of the lexicon migrations among migration file names: the one `generate` rewrites. */
export function newestLexiconMigration(names: readonly string[]): string | undefined {
	return names
		.filter((name) => LEXICON_MIGRATION_NAME.test(name))
		.sort(cmp)
		.at(-1);
}

const rowId = (row: LexiconRow) => `${row.term_key}\u0000${row.expansion}`;
const sameRow = (a: LexiconRow, b: LexiconRow) => LEXICON_COLUMNS.every((c) => a[c] === b[c]);

/** How a table differs from the file's rows: rows the table lacks or holds otherwise, and rows it holds beyond them. */
export function lexiconDifference(
	table: readonly LexiconRow[],
	file: readonly LexiconRow[],
): { missing: LexiconRow[]; changed: LexiconRow[]; extra: LexiconRow[] } {
	const held = new Map(table.map((row) => [rowId(row), row]));
	const wanted = new Set(file.map(rowId));
	const missing: LexiconRow[] = [];
	const changed: LexiconRow[] = [];
	for (const row of file) {
		const there = held.get(rowId(row));
		if (there === undefined) missing.push(row);
		else if (!sameRow(there, row)) changed.push(row);
	}
	return { missing, changed, extra: table.filter((row) => !wanted.has(rowId(row))) };
}

/**
 * The forms of a command, each with its key, as one JSON parameter: the statements below make the
 * (term_key, expansion) pairs of every two different forms in SQL, so their text grows with the
 * forms, not with the pairs (30 forms are 870 pairs, which as a list of pairs once made 133 KB of SQL
 * that no wrangler command could carry).
 */
const formsParameter = (forms: readonly string[]): string =>
	JSON.stringify(forms.flatMap((f) => [...new Set([termKey(f), spanishKey(f)])].map((key) => [f, key])));

/** Each form once with its index key and once with its Spanish key (a Spanish form's row has that one). */
const FORMS = `WITH f(form, key) AS (SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?))`;
const PAIRS = "(SELECT t.key, e.form FROM f t, f e WHERE t.form <> e.form)";

/** Deletes the row of every pair of two different forms: the term_key of one, the other as expansion. */
export const removePairs = (forms: readonly string[]): Statement => ({
	sql: `${FORMS} DELETE FROM search_lexicon WHERE (term_key, expansion) IN ${PAIRS}`,
	params: [formsParameter(forms)],
});

/** The rows stored for every pair of two different forms. */
export const pairRows = (forms: readonly string[]): Statement => ({
	sql: `${FORMS} SELECT ${LEXICON_COLUMNS.map((c) => `l.${c}`).join(", ")} FROM search_lexicon l
WHERE (l.term_key, l.expansion) IN ${PAIRS} ORDER BY l.term_key, l.expansion`,
	params: [formsParameter(forms)],
});

/**
 * The SQL text of one lexicon command: its writes, then the read-back of every pair of its forms.
 * One wrangler command carries it, so it must fit one D1 statement (100 KB) and one command-line
 * argument: past MAX_STATEMENT_BYTES it is refused before anything runs, saying why.
 */
export function lexiconCommand(writes: readonly Statement[], forms: readonly string[]): string {
	const sql = [...writes, pairRows(forms)].map((s) => `${inlineStatement(s)};`).join("\n");
	const bytes = new TextEncoder().encode(sql).byteLength;
	if (bytes > MAX_STATEMENT_BYTES)
		throw new LexiconError(
			`these ${forms.length} forms make ${Math.ceil(bytes / 1000)} KB of SQL, and one command carries at most ${MAX_STATEMENT_BYTES / 1000} KB (D1 runs a statement of up to 100 KB): nothing was changed; give fewer or shorter forms at a time`,
		);
	return sql;
}
