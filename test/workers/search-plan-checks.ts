/**
 * One check per plan of the search statement (src/search/execute/sql.ts) against the reference rankings
 * (test/support/search-reference.ts), shared by the tests that run them on the sample with the pool
 * lowered (search-plan-units.test.ts) and on a generated corpus large enough for the real pool
 * (search-plan-units-large.test.ts): each builds a query's request as the tool does, runs
 * searchSources alone, and compares the page with the reference's, source by source, tier and score.
 */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { forgetProjectionCopy } from "../../src/data/projection-copy";
import { type SearchPage, type SearchRequest, searchSources } from "../../src/search/execute/statement";
import { allTermsRequest } from "../../src/search/plan/requests";
import { plainTerms } from "../../src/search/query/terms";
import type { SearchFilters } from "../../src/search/request";
import { searchVocabulary } from "../../src/search/vocabulary/vocabulary";
import { POOLED_REFERENCE_SQL, REFERENCE_SQL, referenceIndexStatements } from "../support/search-reference";
import { expectPage, rows } from "./tool-helpers";

export interface Ranked {
	source_id: string;
	score: number;
	tier: string;
	/** Pooled reference only: 1 for a source past the pool. */
	beyond?: number;
}

export interface Page {
	limit: number;
	offset: number;
}

export const NO_FILTER: SearchFilters = { creatorHandleKey: null, topicId: null, platform: null };

/** Two pages of every ranking compared: the first, and one that starts inside it and ends past it. */
export const PAGES: readonly Page[] = [
	{ limit: 20, offset: 0 },
	{ limit: 7, offset: 13 },
];

/** (Re)builds the reference's own index from the public tables: after seeding, before comparing. */
export async function buildReferenceIndex(): Promise<void> {
	await env.DB.batch(referenceIndexStatements().map((sql) => env.DB.prepare(sql)));
}

/** The request search_sources makes for `query`'s plain words, from the isolate's statistics read afresh. */
export async function requestFor(
	query: string,
	page: Page,
	filters: Partial<SearchFilters> = {},
): Promise<SearchRequest> {
	forgetProjectionCopy();
	const terms = plainTerms(query);
	return allTermsRequest(terms, terms, terms, await searchVocabulary(env.DB, []), {
		filters: { ...NO_FILTER, ...filters },
		...page,
	}).request;
}

const args = (r: SearchRequest) => [
	r.match,
	r.filters.creatorHandleKey,
	r.filters.topicId,
	r.filters.platform,
	r.adjacent === undefined ? null : (r.adjacent ?? '"0z0"'),
];

/** Every filtered match, ranked whole in its tiers. */
export const whole = (r: SearchRequest) => rows<Ranked>(REFERENCE_SQL, ...args(r));

/** Every filtered match as ranked among the anchor's merit pool of `pool` sources, then past it. */
export const pooled = (r: SearchRequest, pool: number) =>
	rows<Ranked>(POOLED_REFERENCE_SQL, ...args(r), r.anchor ?? null, pool);

const pageOf = <T>(ranked: readonly T[], r: SearchRequest) => ranked.slice(r.offset, r.offset + r.limit);

/**
 * Plan whole: the reference's page and its exact total. Returns what ran, and how many match, so the
 * caller can say which way the plan was chosen (known small before the read, or by the count's gate).
 */
export async function expectRankedWhole(request: SearchRequest, where: string): Promise<SearchPage> {
	const want = await whole(request);
	const got = await searchSources(env.DB, request);
	expect(got.plan ?? "whole", where).toBe("whole");
	expectPage(got.rows, pageOf(want, request), where);
	expect(got.total, where).toBe(want.length);
	return got;
}

/**
 * Plan pool, when it is the plan that ran: the reference's pooled page. Returns what ran and the
 * reference's page (whose `beyond` says which of its sources are past the pool).
 */
export async function expectRankedAmongPool(
	request: SearchRequest,
	pool: number,
	where: string,
): Promise<{ got: SearchPage; want: Ranked[] }> {
	const got = await searchSources(env.DB, request);
	if (got.plan !== "pool") return { got, want: [] };
	const want = pageOf(await pooled(request, pool), request);
	expectPage(got.rows, want, where);
	return { got, want };
}

/**
 * Plan recent (the anchor's pool deleted first): the reference's ranking of the `pool` most recently
 * added matches.
 */
export async function expectRankedAmongRecent(request: SearchRequest, pool: number, where: string) {
	await env.DB.prepare("DELETE FROM search_pool_projection WHERE term = ?1").bind(request.anchor).run();
	const got = await searchSources(env.DB, request);
	expect(got.plan, where).toBe("recent");
	const newest = new Set(
		(
			await rows<{ source_id: string }>(
				`SELECT d.source_id FROM search_index si JOIN search_documents d ON d.doc_id = si.rowid
				 WHERE si.search_index MATCH ?1 ORDER BY si.rowid DESC LIMIT ?2`,
				request.match,
				pool,
			)
		).map((r) => r.source_id),
	);
	expectPage(
		got.rows,
		pageOf(
			(await whole(request)).filter((r) => newest.has(r.source_id)),
			request,
		),
		where,
	);
}
