/**
 * Words that belong together rank together (issue 21's concept queries, test/quality/): for every
 * concept of two or more words that at least 10 public sources hold adjacent, at least 8 of the top
 * 10 hold them adjacent in their title or their excerpt, in one of the query's spellings (the
 * lexicon's forms included). Counted from the index itself, not from the recorded figures.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { forgetProjectionCopy } from "../../../src/data/projection-copy";
import { holdsAny } from "../../../src/search/excerpts/passages";
import { ftsPhrase } from "../../../src/search/execute/fts5";
import { togetherOf } from "../../../src/search/plan/together";
import { parseQuery } from "../../../src/search/query/parse";
import { lexiconKeys, searchTerms } from "../../../src/search/query/terms";
import { searchVocabulary } from "../../../src/search/vocabulary/vocabulary";
import concepts from "../../quality/concept-queries.json";
import { ok, one } from "../../support/workers/tool-helpers";

const CONCEPTS = (concepts as { queries: { query: string; category: string }[] }).queries.filter(
	(q) => q.category === "concept" && q.query.trim().split(/\s+/).length >= 2,
);

describe("concepts rank the sources holding their words adjacent first", () => {
	it("at least 8 of the top 10 hold the words adjacent (title or excerpt) whenever 10 public sources do", async () => {
		forgetProjectionCopy();
		let checked = 0;
		for (const { query } of CONCEPTS) {
			const parsed = parseQuery(query);
			const vocabulary = await searchVocabulary(env.DB, lexiconKeys(parsed));
			const terms = searchTerms(parsed, vocabulary.lexicon);
			const together = togetherOf(terms, terms);
			if (together === undefined || together.phrases.length === 0) continue;
			const holding = await one<{ n: number }>(
				"SELECT COUNT(*) AS n FROM search_index WHERE search_index MATCH ?1",
				together.phrases.map(ftsPhrase).join(" OR "),
			);
			if (holding.n < 10) continue;
			const { sc } = await ok("search_sources", { query, limit: 10 });
			const adjacent = sc.results.filter(
				(r: any) => holdsAny(r.title, together.phraseKeys) || holdsAny(r.excerpt.text, together.phraseKeys),
			);
			expect(
				adjacent.length,
				`${query}: ${holding.n} public sources hold it adjacent`,
			).toBeGreaterThanOrEqual(8);
			expect(
				sc.results.slice(0, adjacent.length).every((r: any) => r.match_tier === "adjacent"),
				query,
			).toBe(true);
			checked++;
		}
		// Not vacuous: most of the concepts are held adjacent by ten sources of the sample.
		expect(checked).toBeGreaterThanOrEqual(10);
	});
});
