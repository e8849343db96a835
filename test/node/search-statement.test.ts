/**
 * The search's pool plan prepared and run by Node's SQLite over the real schema (every migration):
 * the bound on a set read. A crowded match the sampled estimate calls small is read once as a set,
 * but never past one more than SET_POOLS pools, so a match the sample misses (held by runs of keys
 * between its slices) is looked up instead of read whole. Synthetic rows put a match exactly there.
 */
import { describe, expect, it } from "vitest";
import { schemaDatabase } from "../../scripts/lib/search-sql";
import { statementSql } from "../../src/search/execute/sql/statement-sql";
import { readAnswer, shapeOf, valuesOf } from "../../src/search/execute/statement";
import type { Plan } from "../../src/search/plan/plan";
import { plainTerms } from "../../src/search/query/terms";

/** A settled pool plan of one word, ranked among `anchor`'s pool of `pool` sources. */
const poolPlan = (word: string, anchor: string, pool: number): Plan => ({
	mode: "all_terms",
	match: { join: "all", terms: plainTerms(word), together: undefined, lookups: plainTerms(word) },
	ranking: { by: "pool", anchor },
	scope: { filters: { creatorHandleKey: null, topicId: null, platform: null }, limit: 5, offset: 0 },
	pool,
	leftOut: [],
	census: null,
});

describe("a set read's bound", () => {
	const POOL = 10;
	const KEYS = 2000;
	const db = schemaDatabase();
	// Index keys without source rows: nothing but the statement's decisions is looked at.
	db.exec(`PRAGMA foreign_keys = OFF; UPDATE search_settings SET pool = ${POOL}`);
	const doc = db.prepare("INSERT INTO search_documents (doc_id, source_id) VALUES (?1, 'src_' || ?1)");
	const row = db.prepare(
		"INSERT INTO search_index (rowid, title, summary, topics, body, facets) VALUES (?1, '', '', '', ?2, '')",
	);
	// 16 slices of at most 96 keys every 125 keys: keys 97-125 and 222-250 are never sampled.
	const unsampled = [
		...Array.from({ length: 29 }, (_, i) => 97 + i),
		...Array.from({ length: 29 }, (_, i) => 222 + i),
	];
	const spread = Array.from({ length: 30 }, (_, i) => 1 + i * 64);
	for (let key = 1; key <= KEYS; key++) {
		doc.run(key);
		const words = [unsampled.includes(key) ? "clustered" : "", spread.includes(key) ? "spread" : ""];
		row.run(key, words.join(" ").trim() || "filler");
	}
	const pool = db.prepare(
		"INSERT INTO search_pool_projection (term, position, doc_id, merit, refresh_id, computed_at) VALUES (?1, ?2, ?3, 0, 1, 'now')",
	);
	for (const [term, keys] of [
		["cluster", unsampled],
		["spread", spread],
	] as const)
		for (const [i, key] of keys.slice(0, POOL).entries()) pool.run(term, i + 1, key);

	const walk = (word: string, anchor: string) => {
		const plan = poolPlan(word, anchor, POOL);
		const sql = statementSql(shapeOf(plan));
		const values = valuesOf(plan).slice(
			0,
			Math.max(...[...sql.matchAll(/\?(\d+)/g)].map((m) => Number(m[1]))),
		);
		return readAnswer(db.prepare(sql).all(...(values as (string | number | null)[])), plan).page;
	};

	it("a match the sample estimates small, and is, is read once as a set", () => {
		const page = walk("spread", "spread");
		expect(page).toMatchObject({ walked: "set" });
		expect(page.rows).toHaveLength(0); // no public source rows: only the keys are synthetic
	});

	it("a match the sample misses is looked up: its read stops one past the bound", () => {
		const page = walk("clustered", "cluster");
		expect(unsampled.length).toBeGreaterThan(POOL * 4 + 1);
		expect(page).toMatchObject({ walked: "look-ups" });
	});
});
