/**
 * Writes the pairs of the sources queued in search_pairs_pending (migrations/0023): their old pairs
 * out, the pairs of their indexed text as FTS5 itself tokenizes it in (none when no longer public),
 * and their places in the queue taken. A round is one D1 batch, one transaction that reads the
 * queue and the text and writes the pairs, so a source edited while it is written is simply queued
 * again after it, and a round cut short leaves its sources queued, never half written. Runs until
 * nothing is queued or `budgetMs` has passed; the rest waits for the next run (the cron's, every 15
 * minutes). Any D1-shaped database will do: the Worker's binding, or an operator's script.
 *
 * FTS5 says what it indexed only of a table: each round puts its sources' text into a scratch table
 * declared with the index's tokenizer (migrations/0024), reads every token with its column and
 * position back, pairs each with the next, and empties the table again. No text reaches the Worker.
 *
 * A round is sized by its work, not by its sources: as many queued sources, in doc_id order, as
 * hold ROUND_CHARS characters of text (always at least one), at most ROUND_SOURCES_MAX of them. A
 * source of forty passages of unique words costs what thirty ordinary ones do, so fifty of them no
 * longer make one statement take seconds.
 */
import { PAIR_TOKEN_SQL } from "../search/pairs/pair-tokens";

/** The least of D1Database this needs: Node scripts bring their own. */
export type PairDb = Pick<D1Database, "prepare" | "batch">;

/**
 * Characters of text a round takes (its sources' titles, summaries and passages): about 50 sources
 * of the sample corpus, two of forty passages of 1,200 characters. Small rounds keep each of its
 * statements short, and what a round writes small enough for its merge (MERGE_PAGES) to keep up
 * (BENCHMARKS.md, "One import's vocabulary, and the refreshes after it").
 */
export const ROUND_CHARS = 100_000;
/** Sources a round looks at: one without text (taken down, or only queued) still costs a little. */
const ROUND_SOURCES_MAX = 200;
/** Characters a source counts for beyond its text: its pairs' removal, its place in the queue. */
const SOURCE_CHARS = 200;

/**
 * The round: queued sources in doc_id order while the characters before each are under ?1 (the
 * first always), at most ?2 of them.
 */
const CHOOSE_ROUND_SQL = `INSERT INTO search_pairs_round (doc_id)
SELECT doc_id FROM (
  SELECT doc_id, SUM(chars) OVER (ORDER BY doc_id ROWS UNBOUNDED PRECEDING) - chars AS before
  FROM (
    SELECT q.doc_id, ${SOURCE_CHARS} + COALESCE((
      SELECT length(s.title) + length(s.summary)
             + COALESCE((SELECT SUM(length(p.text)) FROM passages p WHERE p.source_id = s.source_id), 0)
      FROM search_documents d JOIN sources s ON s.source_id = d.source_id WHERE d.doc_id = q.doc_id), 0) AS chars
    FROM search_pairs_pending q ORDER BY q.doc_id LIMIT ?2))
WHERE before < ?1`;

const CLEAR_SCRATCH_SQL = "INSERT INTO search_pairs_scratch (search_pairs_scratch) VALUES ('delete-all')";

/**
 * The round's public text, as the index holds it (the view search_document_text), tokenized by FTS5.
 * CROSS JOIN keeps the round first: otherwise SQLite reads every source to find the round's.
 */
const FILL_SCRATCH_SQL = `INSERT INTO search_pairs_scratch (rowid, title, summary, topics, body)
SELECT v.doc_id, v.title, v.summary, v.topics, v.body
FROM search_pairs_round r CROSS JOIN search_document_text v ON v.doc_id = r.doc_id`;

const UNPAIR_SQL = "DELETE FROM search_pairs WHERE rowid IN (SELECT doc_id FROM search_pairs_round)";

/** Each token with the next one in its column, as a pair token; each source's distinct pairs, once. */
const PAIR_SQL = `INSERT INTO search_pairs (rowid, pairs)
SELECT doc, group_concat(pair, ' ') FROM (
  SELECT DISTINCT doc, ${PAIR_TOKEN_SQL} AS pair FROM (
    SELECT doc, col, term, LEAD(term) OVER w AS next, LEAD(offset) OVER w = offset + 1 AS adjacent
    FROM search_pairs_scratch_words
    WINDOW w AS (PARTITION BY doc, col ORDER BY offset))
  WHERE adjacent AND doc IN (SELECT doc_id FROM search_pairs_round))
GROUP BY doc`;

/**
 * FTS5 merges an index's segments as it writes them (automerge), and while every source of 100,000
 * was written one such merge of the pair index took up to 9 s inside a round's insert. The writer
 * merges instead: each round turns automerge off (a setting kept in the index; set every round, so
 * that a rebuilt index has it at once) and merges at most MERGE_PAGES pages itself, a step that
 * keeps up with what rounds write (at most 14 segments, 6 at the end, over that whole rewrite).
 */
const NO_AUTOMERGE_SQL = "INSERT INTO search_pairs (search_pairs, rank) VALUES ('automerge', 0)";
const MERGE_PAGES = 600;
const MERGE_SQL = `INSERT INTO search_pairs (search_pairs, rank) VALUES ('merge', ${MERGE_PAGES})`;

const DEQUEUE_SQL =
	"DELETE FROM search_pairs_pending WHERE doc_id IN (SELECT doc_id FROM search_pairs_round)";

/** The round's outcome, read inside its transaction: how many it wrote, whether any wait. */
const ROUND_DONE_SQL = `SELECT (SELECT COUNT(*) FROM search_pairs_round) AS written,
  EXISTS (SELECT 1 FROM search_pairs_pending) AS more`;

const END_ROUND_SQL = "DELETE FROM search_pairs_round";

const QUEUED_COUNT_SQL = "SELECT COUNT(*) AS n FROM search_pairs_pending";

export interface PairsWritten {
	/** Sources whose pairs were written (or removed) this run. */
	written: number;
	/** Sources still queued when the run ended. */
	queued: number;
	/** Rounds run: D1 batches, each one transaction. */
	rounds: number;
	duration_ms: number;
	/** D1's own time of the run's longest statement (D1 caps one at 30 s). */
	longest_statement_ms: number;
}

/** One round's statements: one transaction. */
export function roundStatements(
	db: PairDb,
	{ chars = ROUND_CHARS, sources = ROUND_SOURCES_MAX }: { chars?: number; sources?: number } = {},
): D1PreparedStatement[] {
	return [
		db.prepare(CHOOSE_ROUND_SQL).bind(chars, sources),
		db.prepare(CLEAR_SCRATCH_SQL),
		db.prepare(FILL_SCRATCH_SQL),
		db.prepare(NO_AUTOMERGE_SQL),
		db.prepare(UNPAIR_SQL),
		db.prepare(PAIR_SQL),
		db.prepare(MERGE_SQL),
		db.prepare(DEQUEUE_SQL),
		db.prepare(CLEAR_SCRATCH_SQL),
		db.prepare(ROUND_DONE_SQL),
		db.prepare(END_ROUND_SQL),
	];
}

export async function writeQueuedPairs(
	db: PairDb,
	{ budgetMs = 20_000, chars = ROUND_CHARS }: { budgetMs?: number; chars?: number } = {},
): Promise<PairsWritten> {
	const started = Date.now();
	let written = 0;
	let rounds = 0;
	let longest = 0;
	while (Date.now() - started < budgetMs) {
		const results = await db.batch(roundStatements(db, { chars }));
		rounds++;
		for (const result of results) longest = Math.max(longest, result.meta?.duration ?? 0);
		const done = results.at(-2)?.results[0] as { written: number; more: number } | undefined;
		written += done?.written ?? 0;
		if ((done?.written ?? 0) === 0 || done?.more !== 1) break;
	}
	const queued = (await db.prepare(QUEUED_COUNT_SQL).first<{ n: number }>())?.n ?? 0;
	return { written, queued, rounds, duration_ms: Date.now() - started, longest_statement_ms: longest };
}

/** The cron's run, logged: the pairs of whatever was queued since the last one. */
export async function scheduledPairs(db: PairDb): Promise<PairsWritten | null> {
	try {
		const outcome = await writeQueuedPairs(db);
		console.log(JSON.stringify({ event: "search_pairs", ...outcome }));
		return outcome;
	} catch (error) {
		// Whatever was not written stays queued; searches answer its phrases from positions.
		console.error(JSON.stringify({ event: "search_pairs", error: String(error).slice(0, 500) }));
		return null;
	}
}
