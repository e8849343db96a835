/**
 * A search answers exactly what docs/contract.md says, whatever the query's spellings and however
 * deep the page: every match reachable by paging, each labelled by its tier in any spelling the
 * search lists in interpreted_as; a caller's words never match a filter's index token; every echo of
 * the query follows the echo rule. The expectations are computed here from first principles (every
 * combination of the listed spellings, the reference ranking of test/support/search-reference.ts),
 * never from the server's own phrase list.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { groupRows, insertRow } from "../../../scripts/lib/lexicon-rows";
import { forgetProjectionCopy } from "../../../src/data/projection-copy";
import { MAX_ECHO_CHARS } from "../../../src/limits";
import { facetToken } from "../../../src/search/execute/fts5";
import { rawTokens } from "../../../src/search/query/tokens";
import { SEARCH_TUNING } from "../../../src/search/vocabulary/tuning";
import { INVISIBLE } from "../../../src/text/hidden-characters";
import { REFERENCE_SQL, referenceIndexStatements } from "../../support/search-reference";
import { callTool } from "../../support/workers/mcp";
import { ok, rows, settlePools } from "../../support/workers/tool-helpers";

interface Ranked {
	source_id: string;
	tier: string;
	/** 0: adjacent in the title, topic labels or transcript; 1: in the summary alone; 2: apart. */
	rung: number;
}

beforeAll(async () => {
	await env.DB.batch(referenceIndexStatements().map((sql) => env.DB.prepare(sql)));
});

const quoted = (text: string) => `"${text.replaceAll('"', "")}"`;
const forms = (t: { term: string; alternatives: string[] }) => [t.term, ...t.alternatives];

/**
 * The reference ranking of what an answer says it searched: every term of interpreted_as not left
 * out, in any of its listed spellings; and, for the tier, every combination of the spellings of the
 * run from the first kept term to the last (stop words between them included), of at most 12 words.
 */
async function referenceOf(sc: any, filters: { platform?: string } = {}): Promise<Ranked[]> {
	const left = new Set(
		sc.terms_left_out.filter((l: any) => l.reason !== "spelling_beyond_limit").map((l: any) => l.term),
	);
	const stop = new Set(
		sc.terms_left_out.filter((l: any) => l.reason === "stop_word").map((l: any) => l.term),
	);
	const required = sc.interpreted_as.filter((t: any) => !left.has(t.term));
	const match = required.map((t: any) => `(${forms(t).map(quoted).join(" OR ")})`).join(" AND ");
	const kept = sc.interpreted_as.map((t: any) => !stop.has(t.term));
	const first = kept.indexOf(true);
	const last = kept.lastIndexOf(true);
	const run = sc.interpreted_as.slice(first, last + 1);
	let phrases: string[][] = [[]];
	for (const t of run) phrases = phrases.flatMap((p) => forms(t).map((f) => [...p, ...rawTokens(f)]));
	const adjacent =
		required.length < 2
			? null
			: phrases
					.filter((p) => p.length <= 12)
					.map((p) => quoted(p.join(" ")))
					.join(" OR ") || '"0z0"';
	return rows<Ranked>(REFERENCE_SQL, match, null, null, filters.platform ?? null, adjacent);
}

/** Every page of a search, following next_offset until it is null. */
async function everyPage(args: Record<string, unknown>): Promise<any[]> {
	const results: any[] = [];
	let offset: number | null = 0;
	while (offset !== null) {
		const { sc } = await ok("search_sources", { ...args, limit: 20, offset });
		results.push(...sc.results);
		offset = sc.next_offset;
	}
	return results;
}

describe("a term of many spellings keeps every match and its tier", () => {
	it("every source holding the words adjacent in any listed spelling is labelled and ranked so", async () => {
		let adjacent = 0;
		for (const query of ["EEAT is not", "why CTR dropped", "SERP features"]) {
			const { sc } = await ok("search_sources", { query, limit: 20 });
			expect(
				sc.terms_left_out.filter((l: any) => l.reason === "spelling_beyond_limit"),
				query,
			).toEqual([]);
			const want = await referenceOf(sc);
			const got = await everyPage({ query });
			expect(
				got.map((r) => `${r.source_id} ${r.match_tier}`),
				query,
			).toEqual(want.map((r) => `${r.source_id} ${r.tier}`));
			adjacent += want.filter((r) => r.tier === "adjacent").length;
		}
		// Not vacuous: some sources hold a many-spelling term adjacent to the next word.
		expect(adjacent).toBeGreaterThan(0);
	});

	it("a query whose spellings pass the bound searches fewer of them, says which, and is exact to what it lists", async () => {
		// Twelve spellings (as a lexicon in several languages has), next to a term of three.
		// (An entry holds at most 8 forms: two entries sharing one form give it 11 alternatives.)
		const statements = [
			["zzquokka", "search", "content", "click", "site", "page", "tool", "client"],
			["zzquokka", "answer", "question", "google", "check"],
		].flatMap((forms) => groupRows({ forms, kind: "variant", note: "test only" }).map((r) => insertRow(r)));
		await env.DB.batch(statements.map((s) => env.DB.prepare(s.sql).bind(...s.params)));
		forgetProjectionCopy();
		try {
			const query = "zzquokka GEO";
			const { sc } = await ok("search_sources", { query, limit: 20 });
			const dropped = sc.terms_left_out.filter((l: any) => l.reason === "spelling_beyond_limit");
			expect(dropped.length).toBeGreaterThan(0);
			const listed = sc.interpreted_as.reduce((n: number, t: any) => n * forms(t).length, 1);
			expect(listed).toBeLessThanOrEqual(SEARCH_TUNING.adjacentPhrases);
			// What was left out is listed nowhere as searched.
			for (const l of dropped) expect(sc.interpreted_as.flatMap(forms)).not.toContain(l.term);
			const want = await referenceOf(sc);
			const got = await everyPage({ query });
			expect(got.map((r) => `${r.source_id} ${r.match_tier}`)).toEqual(
				want.map((r) => `${r.source_id} ${r.tier}`),
			);
		} finally {
			await env.DB.prepare("DELETE FROM search_lexicon WHERE note = 'test only'").run();
			forgetProjectionCopy();
		}
	});
});

describe("paging never stops while matches remain", () => {
	it("a crowded match whose pool holds fewer matches than there are pages reaches every match", {
		timeout: 60_000,
	}, async () => {
		await settlePools(25);
		let pastThePool = 0;
		try {
			for (const [query, platform] of [
				["AI search", "tiktok"],
				["search", "instagram_reels"],
				["content audit", undefined],
			] as const) {
				const args = { query, ...(platform === undefined ? {} : { platform }) };
				const { sc } = await ok("search_sources", { ...args, limit: 20 });
				expect(sc.ranked_among, query).not.toBeNull();
				const want = await referenceOf(sc, platform === undefined ? {} : { platform });
				const got = await everyPage(args);
				expect(want.length, query).toBeLessThanOrEqual(1000);
				expect(new Set(got.map((r) => r.source_id)).size, query).toBe(got.length);
				expect([...got.map((r) => r.source_id)].sort(), query).toEqual(want.map((r) => r.source_id).sort());
				// Each keeps its tier, and no source of a lower tier comes before one of a higher.
				// Ranked among a pool, the summary's rung is apart (docs/contract.md): two rungs.
				const tierOf = new Map(want.map((r) => [r.source_id, r.rung === 0 ? "adjacent" : "apart"]));
				for (const r of got) expect(r.match_tier, `${query} ${r.source_id}`).toBe(tierOf.get(r.source_id));
				const tiers = got.map((r) => r.match_tier);
				expect(tiers, query).toEqual([...tiers].sort());
				pastThePool += Math.max(0, got.length - 25);
			}
		} finally {
			await settlePools(SEARCH_TUNING.pool);
		}
		expect(pastThePool).toBeGreaterThan(0);
	});
});

describe("what the caller typed is looked for in the text only", () => {
	it("a filter's index token, in any case or word form, matches nothing", async () => {
		const token = facetToken("p", "tiktok");
		// The index holds it: a filter finds the platform's sources by it.
		const held = await rows<{ n: number }>(
			"SELECT COUNT(*) AS n FROM search_index WHERE search_index MATCH ?1",
			`facets : "${token}"`,
		);
		expect(held[0]?.n).toBeGreaterThan(0);
		for (const query of [token, `"${token}"`, `${token.toUpperCase()}s`]) {
			const { sc } = await ok("search_sources", { query });
			expect(sc.total_estimate, query).toBe(0);
		}
		const { sc } = await ok("search_sources", { query: `seo ${token}` });
		expect(sc.terms_left_out, "with a word that is found").toContainEqual({
			term: token,
			reason: "found_nowhere",
		});
	});
});

describe("every echo of the query follows the echo rule", () => {
	const tags = String.fromCodePoint(...Array.from({ length: 250 }, (_, i) => 0xe0041 + (i % 26)));
	const visible = (text: string, where: string) => {
		expect(text.match(INVISIBLE), where).toBeNull();
	};

	it.each([
		["found", `seo${tags}`, {}],
		["found nowhere, filtered", `quokkaxyzzy${tags}`, { platform: "tiktok", topic_id: "ai-overviews" }],
		["a word left out", `seo ${tags}quokkaxyzzy the`, {}],
	] as const)(
		"%s: 250 tag characters are refused, the first named as a code point, none echoed as sent",
		async (_l, query, filters) => {
			// The one invisible-character policy (src/text/hidden-characters.ts): a search is never run on text
			// a reader cannot see, and its refusal follows the echo rule.
			const result = await callTool("search_sources", { query, ...filters });
			expect(result.isError).toBe(true);
			const text = result.content[0].text as string;
			visible(text, "refusal");
			expect(text).toContain("U+E0041");
			expect(text.length).toBeLessThan(300);
		},
	);

	it("a 500-character query echoes at most the echo's length per term, the heading the query and five terms at most", async () => {
		const words = Array.from({ length: 5 }, (_, i) => `${String.fromCharCode(97 + i)}${"x".repeat(98)}`);
		const query = ["seo", ...words].join(" ").slice(0, 500);
		const { sc, text } = await ok("search_sources", { query });
		// `query` is the caller's own value as sent; every other field echoes by the rule.
		expect(sc.query).toBe(query);
		// The heading: its own words, the query and at most five terms left out, each cut to the echo's length.
		const heading = text.split("\n")[0] ?? "";
		expect(sc.terms_left_out.length).toBeGreaterThanOrEqual(5);
		expect(heading.length).toBeLessThan(6 * (MAX_ECHO_CHARS + 4) + 200);
		for (const t of sc.interpreted_as) expect([...t.term].length).toBeLessThanOrEqual(MAX_ECHO_CHARS);
		for (const l of sc.terms_left_out) expect([...l.term].length).toBeLessThanOrEqual(MAX_ECHO_CHARS);
	});

	it("terms left out read unambiguously in the heading: each quoted, a comma inside one", async () => {
		const { sc, text } = await ok("search_sources", { query: '"quokka, xyzzy" seo' });
		expect(sc.terms_left_out).toEqual([{ term: "quokka, xyzzy", reason: "found_nowhere" }]);
		expect(text.split("\n")[0]).toContain('left out: "quokka, xyzzy"');
	});
});
