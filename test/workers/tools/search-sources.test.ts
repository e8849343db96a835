/**
 * search_sources against the seeded corpus and the real FTS5 index: result shape and citations,
 * paging, every bound, every filter, argument errors, hostile queries, the any-term fallback, and
 * that hidden (unpublished or removed) sources never come back.
 */
import { describe, expect, it } from "vitest";
import { FIXTURES } from "../../../scripts/corpus/generate";
import { EXCERPT_MAX_CHARS } from "../../../src/search/excerpts/excerpt";
import { CROWDED_POOL } from "../../../src/search/search";
import { handleKey } from "../../../src/text/handle-key";
import { SEARCH_LIMIT_MAX, SEARCH_OFFSET_MAX } from "../../../src/tools/search-sources";
import { PLATFORMS } from "../../../src/tools/shapes";
import { modern } from "../../support/workers/mcp";
import {
	BASE,
	call,
	fails,
	ok,
	one,
	publishedSourceIds,
	rows,
	settlePools,
	sourcePage,
} from "../../support/workers/tool-helpers";

const FIXMANY = FIXTURES.manyPassagesSource.source_id;
const FIXLONG = FIXTURES.longPassagesSource.source_id;

const search = (args: Record<string, unknown>) => ok("search_sources", args);
const searchFails = (args: Record<string, unknown>) => fails("search_sources", args);

interface SourceRow {
	source_id: string;
	title: string;
	platform: string;
	handle: string;
	published_at: string;
	original_url: string;
	publication_state: string;
	creator_id: string;
}

async function sourceRow(sourceId: string): Promise<SourceRow> {
	return one<SourceRow>(
		`SELECT s.source_id, s.title, s.platform, c.handle, s.published_at, s.original_url, s.publication_state, s.creator_id
		 FROM sources s JOIN creators c ON c.creator_id = s.creator_id WHERE s.source_id = ?1`,
		sourceId,
	);
}

/** Every page of a search, following next_offset; checks the paging invariants on the way. */
async function allPages(
	args: Record<string, unknown>,
	limit: number,
): Promise<{ ids: string[]; total: number }> {
	const ids: string[] = [];
	let offset: number | null = 0;
	let total = -1;
	for (let guard = 0; offset !== null && guard < 60; guard++) {
		const { sc } = await search({ ...args, limit, offset });
		if (total === -1) total = sc.total_estimate;
		expect(sc.total_estimate).toBe(total);
		expect(sc.offset).toBe(offset);
		expect(sc.limit).toBe(limit);
		expect(sc.results.length).toBeLessThanOrEqual(limit);
		const first = offset;
		sc.results.forEach((r: any, i: number) => {
			expect(r.rank).toBe(first + i + 1);
		});
		ids.push(...sc.results.map((r: any) => r.source_id));
		if (sc.next_offset !== null) {
			expect(sc.results).toHaveLength(limit);
			expect(sc.next_offset).toBe(offset + limit);
		}
		offset = sc.next_offset;
	}
	expect(offset).toBeNull();
	return { ids, total };
}

describe('search_sources "AI search": ranked, distinct, attributable sources', () => {
	it("returns 5 distinct public sources by default, each with full citation fields", async () => {
		const { sc, text } = await search({ query: "AI search" });
		expect(sc.query).toBe("AI search");
		expect(sc.filters).toEqual({ creator_handle: null, topic_id: null, platform: null });
		expect(sc.match_mode).toBe("all_terms");
		expect(sc.query_truncated).toBe(false);
		expect(sc.limit).toBe(5);
		expect(sc.offset).toBe(0);
		expect(sc.results).toHaveLength(5);
		expect(sc.total_estimate).toBeGreaterThanOrEqual(sc.results.length);
		expect(sc.next_offset).toBe(5);
		const ids = sc.results.map((r: any) => r.source_id);
		expect(new Set(ids).size).toBe(ids.length);
		const published = await publishedSourceIds();
		for (const [i, r] of sc.results.entries()) {
			const row = await sourceRow(r.source_id);
			expect(published.has(r.source_id)).toBe(true);
			expect(r.rank).toBe(i + 1);
			expect(r.title).toBe(row.title);
			expect(r.platform).toBe(row.platform);
			expect(r.creator_handle).toBe(`@${row.handle}`);
			expect(r.published_at).toBe(row.published_at);
			expect(r.original_url).toBe(row.original_url);
			expect(r.source_page_url).toBe(`${BASE}/sources/${r.source_id}`);
			// The text for people cites both links of every hit.
			expect(text).toContain(r.original_url);
			expect(text).toContain(r.source_page_url);
		}
		expect(text).toContain(String(sc.total_estimate));
	});

	it("takes each excerpt, bounded, from a real passage of that source", async () => {
		const { sc } = await search({ query: "AI search", limit: SEARCH_LIMIT_MAX });
		expect(sc.results).toHaveLength(SEARCH_LIMIT_MAX);
		for (const r of sc.results) {
			const passage = await one<{ text: string; start_ms: number; end_ms: number }>(
				"SELECT text, start_ms, end_ms FROM passages WHERE source_id = ?1 AND ordinal = ?2",
				r.source_id,
				r.excerpt.passage_ordinal,
			);
			expect([...r.excerpt.text].length).toBeLessThanOrEqual(EXCERPT_MAX_CHARS + 2);
			expect(r.excerpt.start_ms).toBe(passage.start_ms);
			expect(r.excerpt.end_ms).toBe(passage.end_ms);
			const inner = r.excerpt.text.replace(/^…/, "").replace(/…$/, "");
			expect(inner.length).toBeGreaterThan(0);
			expect(passage.text).toContain(inner);
		}
	});

	it("shows a bounded excerpt of a long passage around the word searched for", async () => {
		const { sc } = await search({ query: "kraken" });
		const hit = sc.results.find((r: any) => r.source_id === FIXLONG);
		expect(hit).toBeDefined();
		const passage = await one<{ text: string }>(
			"SELECT text FROM passages WHERE source_id = ?1 AND ordinal = ?2",
			FIXLONG,
			hit.excerpt.passage_ordinal,
		);
		expect(passage.text.length).toBeGreaterThan(EXCERPT_MAX_CHARS);
		expect([...hit.excerpt.text].length).toBeLessThanOrEqual(EXCERPT_MAX_CHARS + 2);
		expect(hit.excerpt.text.toLowerCase()).toContain("kraken");
		expect(hit.excerpt.text.endsWith("…")).toBe(true);
	});

	it("ranks deterministically: one page of 10 equals two pages of 5", async () => {
		const ten = await search({ query: "AI search", limit: 10 });
		const first = await search({ query: "AI search", limit: 5 });
		const second = await search({ query: "AI search", limit: 5, offset: first.sc.next_offset });
		expect(second.sc.results.map((r: any) => r.rank)).toEqual([6, 7, 8, 9, 10]);
		expect([...first.sc.results, ...second.sc.results].map((r: any) => r.source_id)).toEqual(
			ten.sc.results.map((r: any) => r.source_id),
		);
	});

	it("pages with next_offset through every match without overlap, and the last page has next_offset null", async () => {
		const { ids, total } = await allPages({ query: "AI search" }, SEARCH_LIMIT_MAX);
		expect(total).toBeGreaterThan(SEARCH_LIMIT_MAX * 2);
		expect(ids).toHaveLength(total);
		expect(new Set(ids).size).toBe(total);
		const published = await publishedSourceIds();
		for (const id of ids) expect(published.has(id)).toBe(true);
	});

	it("pages a small filtered result with limit 7 the same way", async () => {
		const { ids, total } = await allPages({ query: "AI search", platform: "instagram_reels" }, 7);
		expect(total).toBeGreaterThan(7);
		expect(new Set(ids).size).toBe(total);
	});
});

describe("search_sources limit (1-20, default 5)", () => {
	it("limit 1 returns exactly one source and next_offset 1", async () => {
		const { sc } = await search({ query: "AI search", limit: 1 });
		expect(sc.results).toHaveLength(1);
		expect(sc.limit).toBe(1);
		expect(sc.next_offset).toBe(1);
	});

	it("limit 20 returns twenty distinct sources", async () => {
		const { sc } = await search({ query: "AI search", limit: 20 });
		expect(sc.results).toHaveLength(20);
		expect(new Set(sc.results.map((r: any) => r.source_id)).size).toBe(20);
		expect(sc.next_offset).toBe(20);
	});

	for (const bad of [0, 21, 2.5, "5", -1, null, 1e9]) {
		it(`limit ${JSON.stringify(bad)} is an isError result that names limit`, async () => {
			const message = await searchFails({ query: "AI search", limit: bad });
			expect(message).toMatch(/\blimit\b/);
		});
	}
});

describe(`search_sources offset (0-${SEARCH_OFFSET_MAX})`, () => {
	it(`the bounds hold exactly at limit 1-${SEARCH_LIMIT_MAX} and offset 0-${SEARCH_OFFSET_MAX}, as published`, async () => {
		const listed = await modern("tools/list");
		const schema = listed.json.result.tools.find((t: any) => t.name === "search_sources").inputSchema;
		expect([schema.properties.limit.minimum, schema.properties.limit.maximum]).toEqual([1, SEARCH_LIMIT_MAX]);
		expect([schema.properties.offset.minimum, schema.properties.offset.maximum]).toEqual([
			0,
			SEARCH_OFFSET_MAX,
		]);
		expect((await search({ query: "AI search", limit: SEARCH_LIMIT_MAX })).sc.results).toHaveLength(
			SEARCH_LIMIT_MAX,
		);
		expect(await searchFails({ query: "AI search", limit: SEARCH_LIMIT_MAX + 1 })).toContain(
			`limit is at most ${SEARCH_LIMIT_MAX}`,
		);
		expect((await search({ query: "AI search", offset: SEARCH_OFFSET_MAX })).sc.offset).toBe(
			SEARCH_OFFSET_MAX,
		);
		expect(await searchFails({ query: "AI search", offset: SEARCH_OFFSET_MAX + 1 })).toContain(
			`offset is at most ${SEARCH_OFFSET_MAX}`,
		);
		expect(await searchFails({ query: "AI search", offset: -1 })).toMatch(/\boffset\b/);
	});

	it("offset 0 is the first page: the sources a page without offset starts with", async () => {
		const first = await search({ query: "AI search", limit: SEARCH_LIMIT_MAX });
		const { sc } = await search({ query: "AI search", offset: 0 });
		expect(sc.results.map((r: any) => r.source_id)).toEqual(
			first.sc.results.slice(0, sc.results.length).map((r: any) => r.source_id),
		);
		expect(sc.results.map((r: any) => r.rank)).toEqual([1, 2, 3, 4, 5]);
	});

	it(`offset ${SEARCH_OFFSET_MAX} is accepted: past the last match it returns no results, the true total and no next page`, async () => {
		const all = await search({ query: "AI search" });
		const { sc, text } = await search({ query: "AI search", offset: SEARCH_OFFSET_MAX });
		expect(sc.results).toEqual([]);
		expect(sc.offset).toBe(SEARCH_OFFSET_MAX);
		expect(sc.total_estimate).toBe(all.sc.total_estimate);
		expect(sc.next_offset).toBeNull();
		expect(text).toContain(String(all.sc.total_estimate));
	});

	it("past the matches a crowded match's pool holds, the pages go on with the rest of the match, newest first", {
		timeout: 60_000,
	}, async () => {
		await settlePools(4);
		try {
			const { sc, text } = await search({ query: "seo content", offset: 20 });
			expect(sc.results).toHaveLength(5);
			expect(sc.ranked_among).toMatchObject({ sources: 4, order: "merit" });
			expect(sc.total_estimate).toBeGreaterThan(25);
			expect(sc.next_offset).toBe(25);
			expect(text).toContain(`ranked among the 4 where "${sc.ranked_among.word}" weighs most`);
			// Past the pool, each tier's sources most recently added first: highest index key first.
			const keys = await rows<{ source_id: string; doc_id: number }>(
				`SELECT source_id, doc_id FROM search_documents WHERE source_id IN (SELECT value FROM json_each(?1))`,
				JSON.stringify(sc.results.map((r: any) => r.source_id)),
			);
			const key = new Map(keys.map((k) => [k.source_id, k.doc_id]));
			const apart = sc.results
				.filter((r: any) => r.match_tier === "apart")
				.map((r: any) => key.get(r.source_id));
			expect(apart).toEqual([...apart].sort((a, b) => b - a));
		} finally {
			await settlePools(CROWDED_POOL);
		}
	});

	it("past every match, the empty page says how many there are", async () => {
		const { sc, text } = await search({ query: "kraken", offset: 20 });
		expect(sc.results).toEqual([]);
		expect(sc.next_offset).toBeNull();
		expect(text).toContain(`past offset 20 (there are ${sc.total_estimate})`);
	});

	it("an offset inside the matches starts at that rank: the sources there, not only the labels", async () => {
		const inside = await search({ query: "AI search", offset: 7, limit: 3 });
		const firstPage = await search({ query: "AI search", limit: SEARCH_LIMIT_MAX });
		const firstIds = firstPage.sc.results.map((r: any) => r.source_id);
		expect(inside.sc.results.map((r: any) => r.source_id)).toEqual(firstIds.slice(7, 10));
		// Past the first page: the pages that lead there hold distinct sources, and offset 37 is their 38th.
		const ranked = [...firstIds];
		for (const offset of [SEARCH_LIMIT_MAX, 2 * SEARCH_LIMIT_MAX])
			ranked.push(
				...(await search({ query: "AI search", offset, limit: SEARCH_LIMIT_MAX })).sc.results.map(
					(r: any) => r.source_id,
				),
			);
		expect(ranked.length).toBeGreaterThan(40);
		expect(new Set(ranked).size).toBe(ranked.length);
		const { sc } = await search({ query: "AI search", offset: 37, limit: 3 });
		expect(sc.results.map((r: any) => r.source_id)).toEqual(ranked.slice(37, 40));
		expect(sc.results.map((r: any) => r.rank)).toEqual([38, 39, 40]);
	});

	for (const bad of [SEARCH_OFFSET_MAX + 1, -1, 2.5, "0", null]) {
		it(`offset ${JSON.stringify(bad)} is an isError result that names offset`, async () => {
			const message = await searchFails({ query: "AI search", offset: bad });
			expect(message).toMatch(/\boffset\b/);
		});
	}
});

describe("search_sources filters", () => {
	it("creator_handle works with and without @ and in any case, and keeps only that creator's sources", async () => {
		const variants = [
			"@GEO.with.Grace",
			"GEO.with.Grace",
			"geo.with.grace",
			"@GEO.WITH.GRACE",
			"  @geo.with.GRACE ",
		];
		const answers = [];
		for (const creator_handle of variants)
			answers.push((await search({ query: "AI", creator_handle, limit: 20 })).sc);
		const [first] = answers;
		if (first === undefined) throw new Error("no answer");
		const ids = first.results.map((r: any) => r.source_id);
		expect(ids.length).toBeGreaterThan(0);
		for (const sc of answers) {
			expect(sc.results.map((r: any) => r.source_id)).toEqual(ids);
			expect(sc.filters.creator_handle?.toLowerCase()).toBe("@geo.with.grace");
			for (const r of sc.results) expect(r.creator_handle).toBe("@GEO.with.Grace");
		}
		const count = await one<{ n: number }>(
			"SELECT COUNT(*) AS n FROM sources s JOIN creators c ON c.creator_id = s.creator_id WHERE c.handle_key = 'geo.with.grace' AND s.publication_state = 'published'",
		);
		expect(first.total_estimate).toBeLessThanOrEqual(count.n);
	});

	for (const handle of FIXTURES.unicodeHandles) {
		it(`creator_handle filters by the unicode handle ${handle}`, async () => {
			const target = await one<{ source_id: string; title: string }>(
				`SELECT s.source_id, s.title FROM sources s JOIN creators c ON c.creator_id = s.creator_id
				 WHERE c.handle_key = ?1 AND s.publication_state = 'published' ORDER BY s.source_id LIMIT 1`,
				handleKey(handle),
			);
			for (const creator_handle of [
				handle,
				`@${handle}`,
				`@${handle.toUpperCase()}`,
				handle.normalize("NFD"),
			]) {
				const { sc } = await search({ query: target.title, creator_handle, limit: 20 });
				expect(sc.results.map((r: any) => r.source_id)).toContain(target.source_id);
				for (const r of sc.results) expect(r.creator_handle).toBe(`@${handle}`);
			}
		});
	}

	it("topic_id keeps only sources linked to that topic", async () => {
		const { sc } = await search({ query: "AI search", topic_id: "ai-overviews", limit: 20 });
		const unfiltered = await search({ query: "AI search" });
		expect(sc.filters.topic_id).toBe("ai-overviews");
		expect(sc.results.length).toBeGreaterThan(0);
		expect(sc.total_estimate).toBeLessThan(unfiltered.sc.total_estimate);
		const linked = new Set(
			(
				await rows<{ source_id: string }>(
					"SELECT source_id FROM source_topics WHERE topic_id = 'ai-overviews'",
				)
			).map((r) => r.source_id),
		);
		for (const r of sc.results) expect(linked.has(r.source_id)).toBe(true);
	});

	it("topic_id on a planted topic finds only its public sources", async () => {
		const topic = FIXTURES.topics.llmCitations;
		const { ids } = await allPages({ query: "LLM citations", topic_id: topic.topic_id }, 20);
		expect(ids.length).toBeGreaterThan(0);
		for (const id of ids) expect(topic.publicSourceIds).toContain(id);
	});

	it("an unknown topic_id filters everything out rather than failing", async () => {
		const { sc } = await search({ query: "AI search", topic_id: "no-such-topic" });
		expect(sc.results).toEqual([]);
		expect(sc.total_estimate).toBe(0);
	});

	for (const platform of PLATFORMS) {
		it(`platform ${platform} keeps only ${platform} sources`, async () => {
			const { sc } = await search({ query: "AI search", platform, limit: 20 });
			expect(sc.filters.platform).toBe(platform);
			expect(sc.results.length).toBeGreaterThan(0);
			for (const r of sc.results) {
				expect(r.platform).toBe(platform);
				expect((await sourceRow(r.source_id)).platform).toBe(platform);
			}
		});
	}

	it("the three platforms partition the matches: their totals add up to the unfiltered total", async () => {
		const all = await search({ query: "AI search" });
		let sum = 0;
		for (const platform of PLATFORMS)
			sum += (await search({ query: "AI search", platform })).sc.total_estimate;
		expect(sum).toBe(all.sc.total_estimate);
	});

	it("an invalid platform is an isError result listing the valid platforms", async () => {
		for (const platform of ["vine", "TikTok", "youtube", ""]) {
			const message = await searchFails({ query: "AI search", platform });
			for (const valid of PLATFORMS) expect(message).toContain(valid);
		}
	});

	it("filters combine: creator, topic and platform together", async () => {
		const { sc } = await search({
			query: "AI Overviews",
			creator_handle: "seo.with.sam",
			topic_id: "ai-overviews",
			platform: "tiktok",
			limit: 20,
		});
		expect(sc.results.length).toBeGreaterThan(0);
		const linked = new Set(
			(
				await rows<{ source_id: string }>(
					"SELECT source_id FROM source_topics WHERE topic_id = 'ai-overviews'",
				)
			).map((r) => r.source_id),
		);
		for (const r of sc.results) {
			expect(r.creator_handle).toBe("@seo.with.sam");
			expect(r.platform).toBe("tiktok");
			expect(linked.has(r.source_id)).toBe(true);
		}
		expect(sc.results.map((r: any) => r.source_id)).toEqual(
			expect.arrayContaining(["src_fixaio3", "src_fixaio4"]),
		);
	});

	it("filters that exclude each other give zero results, not an error", async () => {
		// seo.with.sam publishes on TikTok only.
		const { sc, text } = await search({
			query: "AI search",
			creator_handle: "seo.with.sam",
			platform: "youtube_shorts",
		});
		expect(sc.results).toEqual([]);
		expect(sc.total_estimate).toBe(0);
		expect(sc.next_offset).toBeNull();
		expect(text).toMatch(/No public sources match/);
		expect(text).toContain(
			'No public sources match "AI search" with creator_handle @seo.with.sam, platform youtube_shorts.',
		);
	});

	it("a topic id the server does not know: the empty answer names it and the closest topic ids", async () => {
		const { sc, text } = await search({ query: "AI search", topic_id: "AI-Overviews" });
		expect(sc.total_estimate).toBe(0);
		expect(text).toBe(
			'No public sources match "AI search" with topic_id "AI-Overviews"; topic ids are exact lower-case slugs, the closest: ai-overviews.',
		);
		// A known topic that holds none of the words is only named.
		const known = await search({ query: "zqxvw", topic_id: "ai-overviews" });
		expect(known.sc.total_estimate).toBe(0);
		expect(known.text).toBe('No public sources match "zqxvw" with topic_id "ai-overviews".');
		// Nothing filtered, nothing named.
		expect((await search({ query: "zqxvw" })).text).toBe('No public sources match "zqxvw".');
	});

	it('one match is "1 public source matches"', async () => {
		const once = await rows<{ term: string }>(
			"SELECT term FROM search_vocab WHERE doc = 1 AND term GLOB '[a-z][a-z][a-z]*' ORDER BY term LIMIT 20",
		);
		let heading: string | undefined;
		for (const { term } of once) {
			const { sc, text } = await search({ query: term });
			if (sc.total_estimate === 1) {
				heading = text.split("\n")[0];
				break;
			}
		}
		expect(heading).toMatch(/^1 public source matches "[a-z]+"; showing 1-1:$/);
	});
});

describe("search_sources argument errors", () => {
	it('a missing query is an isError result saying "query is required"', async () => {
		expect(await searchFails({})).toMatch(/query is required/);
		expect(await searchFails({ limit: 5 })).toMatch(/query is required/);
		expect(await fails("search_sources", undefined)).toMatch(/query is required/);
	});

	it("a query that is not a string is an isError result naming query", async () => {
		for (const query of [42, null, ["AI"], { q: "AI" }])
			expect(await searchFails({ query })).toMatch(/\bquery\b/);
	});

	it("an unknown extra argument is an isError result naming it", async () => {
		const message = await searchFails({ query: "AI search", sort: "date" });
		expect(message).toContain('"sort"');
		expect(message).toMatch(/query/);
	});

	it("an empty query is an isError result that says so", async () => {
		expect(await searchFails({ query: "" })).toMatch(/empty|no searchable words/);
	});

	const noWords: [string, string][] = [
		["whitespace-only", "   \t\n  "],
		["punctuation-only", "?!., ;: -- ()"],
		["emoji-only", "🚀 🔗😬"],
		["a lone star", "*"],
		["a lone quote", '"'],
		["quotes only", '"" ""'],
		["operators' symbols only", "^ + - : { }"],
		["LIKE wildcards only", "%_%"],
	];
	for (const [label, query] of noWords) {
		it(`a ${label} query is an isError result saying it has no searchable words`, async () => {
			expect(await searchFails({ query })).toMatch(/no searchable words/);
		});
	}

	it("a query over 500 characters is an isError result naming query; 500 characters are fine", async () => {
		const words = "google ranking content answers citations ";
		const long = words.repeat(20).slice(0, 500);
		expect(long).toHaveLength(500);
		await search({ query: long });
		expect(await searchFails({ query: `${long}x` })).toMatch(/\bquery\b.*500|500.*\bquery\b/);
	});

	it("creator_handle and topic_id must not be empty", async () => {
		expect(await searchFails({ query: "AI", creator_handle: "" })).toMatch(/handle/);
		expect(await searchFails({ query: "AI", topic_id: "" })).toMatch(/topic_id/);
	});
});

describe("search_sources hostile queries against the real FTS5 index", () => {
	const fixmanyCreator = "contentfixer.kim";
	const tricky = FIXTURES.vocabulary.tricky.filter((t) => t !== "*" && t !== "🚀");
	for (const term of [...tricky, "🚀 seo"]) {
		it(`${JSON.stringify(term)} never errors and finds src_fixmany`, async () => {
			const { sc } = await search({ query: term, limit: 20 });
			expect(sc.total_estimate).toBeGreaterThan(0);
			const narrowed = await search({ query: term, creator_handle: fixmanyCreator, limit: 20 });
			expect(narrowed.sc.results.map((r: any) => r.source_id)).toContain(FIXMANY);
		});
	}

	it('"*" and "🚀" alone have no searchable words (they are not tokens)', async () => {
		expect(await searchFails({ query: "*" })).toMatch(/no searchable words/);
		expect(await searchFails({ query: "🚀" })).toMatch(/no searchable words/);
	});

	it("phrases with punctuation match as phrases: multi-agent, 20.04, naïve, Zürich count exactly the sources that contain them", async () => {
		const cases: [string, string][] = [
			["multi-agent", "%multi-agent%"],
			["20.04", "%20.04%"],
			["naïve", "%naïve%"],
			["Zürich", "%Zürich%"],
		];
		for (const [query, like] of cases) {
			const expected = await one<{ n: number }>(
				`SELECT COUNT(*) AS n FROM sources s WHERE s.publication_state = 'published'
				 AND (s.title LIKE ?1 OR s.summary LIKE ?1 OR EXISTS (SELECT 1 FROM passages p WHERE p.source_id = s.source_id AND p.text LIKE ?1))`,
				like,
			);
			const { sc } = await search({ query, limit: 20 });
			expect(sc.total_estimate, query).toBe(expected.n);
			expect(sc.results.map((r: any) => r.source_id)).toContain(FIXMANY);
		}
	});

	it("diacritics fold both ways: zurich finds Zürich and naive finds naïve", async () => {
		const folded = await search({ query: "zurich naive" });
		const accented = await search({ query: "Zürich naïve" });
		expect(folded.sc.results.map((r: any) => r.source_id)).toEqual(
			accented.sc.results.map((r: any) => r.source_id),
		);
		expect((await search({ query: "naive" })).sc.results.map((r: any) => r.source_id)).toContain(FIXMANY);
	});

	it('an exact quoted phrase "best running shoes" finds the passage that says it', async () => {
		const { sc } = await search({ query: '"best running shoes"', limit: 20 });
		const hit = sc.results.find((r: any) => r.source_id === FIXMANY);
		expect(hit).toBeDefined();
		// Every source ranked holds the phrase itself, not just its words.
		const holders = (
			await rows<{ source_id: string }>(
				`SELECT d.source_id FROM search_index JOIN search_documents d ON d.doc_id = search_index.rowid
				 WHERE search_index MATCH '"best running shoes"'`,
			)
		).map((r) => r.source_id);
		for (const r of sc.results) expect(holders).toContain(r.source_id);
		expect(hit.excerpt.text).toContain("best running shoes");
		expect(hit.excerpt.matched_terms).toEqual(["best running shoes"]);
	});

	const neverFail = [
		'AI "search',
		'"AI search',
		'AI search"',
		"(seo",
		"seo)",
		"(AI OR search)",
		"title:seo",
		"body:google",
		"{title summary}: seo",
		"seo OR",
		"OR seo",
		"NOT seo",
		"seo NOT",
		"seo AND",
		"AND AND AND",
		"NEAR(seo ai)",
		"NEAR/2",
		"seo*",
		"^seo",
		"+seo -google",
		"seo's",
		"C++",
		"'; DROP TABLE sources; --",
		"100%_sure seo",
		"\\u0000 seo",
		"ＡＩ　ｓｅａｒｃｈ",
	];
	for (const query of neverFail) {
		it(`${JSON.stringify(query)} is searched as plain text and never errors`, async () => {
			const { sc } = await search({ query, limit: 3 });
			expect(sc.query).toBe(query);
			expect(sc.results.length).toBeLessThanOrEqual(3);
		});
	}

	it("operator words are plain words: NOT seo and seo OR find sources that contain those words", async () => {
		for (const query of ["NOT seo", "seo OR", "seo AND", "title: seo"]) {
			const { sc } = await search({ query, limit: 3 });
			expect(sc.total_estimate, query).toBeGreaterThan(0);
			expect(sc.match_mode, query).toBe("all_terms");
		}
		const seo = await search({ query: "seo" });
		const notSeo = await search({ query: "NOT seo" });
		// Had NOT been an operator, no match could contain seo; as a word it narrows seo's matches.
		expect(notSeo.sc.total_estimate).toBeLessThanOrEqual(seo.sc.total_estimate);
	});

	it("full-width text (NFKC) is searched like its ASCII form", async () => {
		const wide = await search({ query: "ＡＩ　ｓｅａｒｃｈ" });
		const plain = await search({ query: "AI search" });
		expect(wide.sc.total_estimate).toBe(plain.sc.total_estimate);
	});

	it("a 500-character query runs", async () => {
		const query = `${"how to rank in AI answers with better content ".repeat(11)}`.slice(0, 500);
		const { sc } = await search({ query });
		expect(sc.query).toBe(query);
	});

	it("more than 24 distinct words are cut to 24 and the result says query_truncated", async () => {
		const words = Array.from({ length: 30 }, (_, i) => `word${i}`);
		const { sc } = await search({ query: ["seo", ...words].join(" ") });
		expect(sc.query_truncated).toBe(true);
		const exactly = await search({ query: ["seo", ...words.slice(0, 23)].join(" ") });
		expect(exactly.sc.query_truncated).toBe(false);
	});

	it("repeated words count once: 40 times seo is not truncated and matches like seo", async () => {
		const repeated = await search({ query: "seo ".repeat(40).trim() });
		const single = await search({ query: "seo" });
		expect(repeated.sc.query_truncated).toBe(false);
		expect(repeated.sc.total_estimate).toBe(single.sc.total_estimate);
	});
});

describe("search_sources matching", () => {
	it("rare words find few results, each containing the word", async () => {
		for (const word of FIXTURES.vocabulary.rare) {
			const expected = await one<{ n: number }>(
				`SELECT COUNT(*) AS n FROM sources s WHERE s.publication_state = 'published'
				 AND (s.title LIKE ?1 OR s.summary LIKE ?1 OR EXISTS (SELECT 1 FROM passages p WHERE p.source_id = s.source_id AND p.text LIKE ?1))`,
				`%${word}%`,
			);
			const { sc } = await search({ query: word, limit: 20 });
			expect(sc.total_estimate, word).toBe(expected.n);
			expect(sc.total_estimate, word).toBeLessThanOrEqual(5);
			expect(sc.results.map((r: any) => r.source_id)).toContain(FIXLONG);
			expect(sc.next_offset).toBeNull();
		}
	});

	it("a word found nowhere gives zero results (not an error), next_offset null", async () => {
		const { sc, text } = await search({ query: "xyzzyplugh" });
		expect(sc.results).toEqual([]);
		expect(sc.total_estimate).toBe(0);
		expect(sc.next_offset).toBeNull();
		expect(text).toMatch(/No public sources match/);
	});

	it('words that never occur together fall back to any word, with match_mode "any_term"', async () => {
		// vellum is only in src_fixlong, naïve only in src_fixmany.
		const { sc, text } = await search({ query: "vellum naïve" });
		expect(sc.match_mode).toBe("any_term");
		expect(sc.results.map((r: any) => r.source_id).sort()).toEqual([FIXLONG, FIXMANY].sort());
		expect(text).toMatch(/any word/);
		expect(sc.terms_left_out).toEqual([]);
	});

	it('a word found nowhere is left out and the rest must all match, with match_mode "known_terms"', async () => {
		const unknownAndRare = await search({ query: "xyzzyplugh kraken" });
		expect(unknownAndRare.sc.match_mode).toBe("known_terms");
		expect(unknownAndRare.sc.terms_left_out).toEqual([{ term: "xyzzyplugh", reason: "found_nowhere" }]);
		expect(unknownAndRare.sc.results.map((r: any) => r.source_id)).toEqual([FIXLONG]);
		expect(unknownAndRare.text).toMatch(/left out: "xyzzyplugh"/);
		// The worst shape of issue 13: many common words and one absent word is an all-words search
		// of the common words, not a ranking of every passage that holds any of them.
		const common = "seo content google search ai ranking pages traffic links";
		const many = await search({ query: `${common} xyzzyplugh`, limit: 20 });
		const without = await search({ query: common, limit: 20 });
		expect(many.sc.match_mode).toBe("known_terms");
		expect(many.sc.results.map((r: any) => r.source_id)).toEqual(
			without.sc.results.map((r: any) => r.source_id),
		);
	});

	it("any_term leaves out words in most of the collection when a rarer word remains", async () => {
		// "search" is in most index rows of the sample; vellum and naïve never occur together.
		const { sc } = await search({ query: "vellum naïve search", limit: 20 });
		expect(sc.match_mode).toBe("any_term");
		expect(sc.terms_left_out).toEqual([{ term: "search", reason: "in_most_sources" }]);
		expect(sc.results.map((r: any) => r.source_id).sort()).toEqual([FIXLONG, FIXMANY].sort());
	});

	it('words that occur together keep match_mode "all_terms"', async () => {
		const { sc } = await search({ query: "multi-agent workflow", limit: 20 });
		expect(sc.match_mode).toBe("all_terms");
		expect(sc.terms_left_out).toEqual([]);
		expect(sc.results.map((r: any) => r.source_id)).toContain(FIXMANY);
	});

	it("a source whose only match is in its title is found", async () => {
		// A published source and a word of its title that is in neither its summary nor any passage.
		const candidates = await rows<{ source_id: string; title: string; summary: string; handle: string }>(
			`SELECT s.source_id, s.title, s.summary, c.handle FROM sources s JOIN creators c ON c.creator_id = s.creator_id
			 WHERE s.publication_state = 'published' ORDER BY s.source_id`,
		);
		let found: { source_id: string; word: string; handle: string } | undefined;
		for (const c of candidates) {
			const passages = await rows<{ text: string }>(
				"SELECT text FROM passages WHERE source_id = ?1",
				c.source_id,
			);
			const body = `${c.summary} ${passages.map((p) => p.text).join(" ")}`.toLowerCase();
			const word = c.title
				.toLowerCase()
				.split(/[^\p{L}\p{N}]+/u)
				.find(
					(w) =>
						/^[a-z]{5,}$/.test(w) &&
						!new RegExp(`(^|[^\\p{L}\\p{N}])${w}([^\\p{L}\\p{N}]|$)`, "u").test(body),
				);
			if (word !== undefined) {
				found = { source_id: c.source_id, word, handle: c.handle };
				break;
			}
		}
		if (found === undefined) throw new Error("no source has a title word found only in its title");
		const { ids } = await allPages({ query: found.word, creator_handle: found.handle }, 20);
		expect(ids).toContain(found.source_id);
	});
});

describe("search_sources never returns hidden sources", () => {
	it("searching the exact title, and a passage, of every unpublished or removed source finds none of them", async () => {
		const hidden = await rows<{ source_id: string; title: string; handle: string }>(
			`SELECT s.source_id, s.title, c.handle FROM sources s JOIN creators c ON c.creator_id = s.creator_id
			 WHERE s.publication_state <> 'published'`,
		);
		expect(hidden.length).toBeGreaterThanOrEqual(10);
		const hiddenIds = new Set(hidden.map((h) => h.source_id));
		for (const id of [
			...Object.values(FIXTURES.topics).flatMap((t) => t.hiddenSourceIds),
			...FIXTURES.hiddenCreator.sourceIds,
		])
			expect(hiddenIds.has(id)).toBe(true);
		const published = await publishedSourceIds();
		for (const h of hidden) {
			const passage = await one<{ text: string }>(
				"SELECT text FROM passages WHERE source_id = ?1 ORDER BY ordinal LIMIT 1",
				h.source_id,
			);
			const queries = [
				{ query: h.title, limit: 20 },
				{ query: h.title, creator_handle: h.handle, limit: 20 },
				{ query: passage.text.slice(0, 120), limit: 20 },
			];
			for (const args of queries) {
				const { sc, raw } = await search(args);
				for (const r of sc.results)
					expect(published.has(r.source_id), `${r.source_id} for ${args.query}`).toBe(true);
				expect(raw).not.toContain(h.source_id);
			}
		}
	}, 60_000);

	it("the hidden creator's handle as a filter finds nothing", async () => {
		const { sc } = await search({ query: "zero-click", creator_handle: FIXTURES.hiddenCreator.handle });
		expect(sc.results).toEqual([]);
		expect(sc.total_estimate).toBe(0);
	});

	it("a hidden topic's searches only find public sources", async () => {
		const { ids } = await allPages({ query: "zero-click searches" }, 20);
		for (const id of FIXTURES.topics.zeroClick.hiddenSourceIds) expect(ids).not.toContain(id);
	});
});

describe("search_sources result size (serialized JSON-RPC response)", () => {
	const KIB = 1024;
	const queries = [
		"AI search",
		"seo",
		"the",
		"content google",
		"quokka vellum bratislava kraken zeugma caffeine",
	];

	it("a typical search (limit 5) stays under 8 KiB", async () => {
		for (const query of queries) {
			const { bytes } = await call("search_sources", { query });
			expect(bytes, query).toBeLessThan(8 * KIB);
		}
	});

	it("the largest search (limit 20, long passages) stays under 20 KiB", async () => {
		for (const query of [...queries, "entity SEO"]) {
			const { result, bytes } = await call("search_sources", { query, limit: SEARCH_LIMIT_MAX });
			expect(bytes, query).toBeLessThan(20 * KIB);
			for (const r of result.structuredContent.results)
				expect([...r.excerpt.text].length).toBeLessThanOrEqual(EXCERPT_MAX_CHARS + 2);
		}
		// src_fixlong's ~1,100-character passages come back as bounded excerpts.
		const { result } = await call("search_sources", {
			query: "quokka vellum bratislava kraken zeugma caffeine",
			limit: 20,
		});
		expect(result.structuredContent.results.map((r: any) => r.source_id)).toContain(FIXLONG);
	});
});

describe("search_sources in the legacy era", () => {
	it("answers the same result with the same checks", async () => {
		const modernAnswer = await ok("search_sources", { query: "AI search", limit: 3 });
		const legacyAnswer = await ok("search_sources", { query: "AI search", limit: 3 }, "legacy");
		expect(legacyAnswer.sc).toEqual(modernAnswer.sc);
		expect(legacyAnswer.sc.results[0].source_page_url).toBe(sourcePage(legacyAnswer.sc.results[0].source_id));
		expect(await fails("search_sources", { query: "AI", limit: 0 }, "legacy")).toMatch(/limit/);
	});
});
