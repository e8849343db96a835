import type { PublicDb } from "../../data/public-db";
import type { SourceRefRow } from "../../data/source-ref";
import type { PassageRow } from "../excerpts/passages";
import type { SearchFilters, SearchScope } from "../request";
import { SEARCH_TUNING } from "../vocabulary/tuning";
import { gatedSql, P, wholeSql } from "./sql";

/**
 * One search, one statement. The index holds one row per public source (title 4, topic labels 4,
 * summary 2, whole public transcript 1, its filters as facet tokens 0; English-stemmed;
 * migrations/0014). On the edge every statement is a network round trip, so the statement counts the
 * match (up to one more than a crowded pool holds) and decides its own plan from that count: each
 * plan is a part of the statement gated through its LIMIT, and a part whose gate is false has LIMIT 0
 * and never opens the index. It answers, in one result, the counts, the page, each page source's
 * passages (the excerpt is chosen from them) and, for a crowded match, a sampled estimate.
 *
 * Results come in tiers when the query has more than one term: first the sources holding its words
 * adjacent (the `adjacent` expression) in the title, topic labels or transcript, where an agent sees
 * them; then those holding them adjacent only in the summary; then the rest ("apart"). The plans
 * (docs/contract.md says what is fixed):
 * - whole: a match held by at most `pool` public sources is ranked whole, by BM25, within each tier.
 * - recent: a crowded match whose anchor has no pool (none computed yet, or a word FTS5 cannot
 *   pool) is ranked among its `pool` most recently added matches: a bounded stand-in that says so.
 * - pool: a crowded match is ranked among the `pool` sources where its anchor (its rarest crowded
 *   word) weighs most, computed ahead of time (search_pool_projection), in that order within each
 *   tier: the pool is read best first, each source tested against the match (keyed look-ups of its
 *   filters and narrowest terms in turn, then of the rest, until one fails; or, for a match
 *   estimated small, against the match read once), until the page is full, once for the words
 *   adjacent (summaries aside) and once for the rest. When at most `pool` sources hold the words
 *   adjacent, they are all found and ranked by BM25 of the words adjacent instead, ahead of the
 *   pool; when none does, that tier reads nothing more.
 * The total is exact when the match is ranked whole; otherwise it is estimated from evenly spaced
 * slices of index keys (never below what was found, nor below one more than a pool). An optional
 * gate expression makes the whole statement a fallback: it runs only when the gate matches nothing.
 */

export type MatchTier = "adjacent" | "apart";

export interface SearchHitRow extends SourceRefRow {
	score: number;
	tier: MatchTier;
	/** The source's public passages in order, for the excerpt. */
	passages: PassageRow[];
}

export type Plan = "whole" | "pool" | "recent";

/** The documented size of a crowded pool (SEARCH_TUNING; search_settings holds it for SQL, a test keeps them equal). */
export const CROWDED_POOL = SEARCH_TUNING.pool;

/** A statement's request: the ask's scope (filters, page) as the tool gave it, and what planning decided. */
export interface SearchRequest extends SearchScope {
	/** Every required term, as an FTS5 expression (filters are added here). */
	match: string;
	/**
	 * When the match is the conjunction of these expressions: the order a pooled source is tested
	 * against them (fewest holders first), stopping at the first it lacks. Absent: it is tested
	 * against the match whole.
	 */
	parts?: readonly string[];
	/**
	 * A query of several terms: what holding its words adjacent means (every spelling holds a form of
	 * each term, so it implies `match`), or null when it has too many spellings to list them (every
	 * match is then apart).
	 */
	adjacent?: string | null;
	/**
	 * Held by at most a pool of sources, as the isolate's statistics say (one of its required words
	 * does not crowd the index): ranked whole, with no count first.
	 */
	small?: boolean;
	/** The stemmed word whose pool ranks a crowded match (the rarest crowded word every match holds). */
	anchor?: string | null;
	/**
	 * Every source of the anchor's pool holds the match (a match of the anchor word alone, or of any
	 * of terms one of which is that word): a pooled source is then tested against the filters only.
	 */
	anchorHolds?: boolean;
	/** Run only when this expression matches nothing (else answer nothing, reading only that test). */
	gate?: string;
	/**
	 * Expressions whose existence the answer reports (SearchPage.present), probed inside the same
	 * statement: if any matches nothing the search itself reads nothing more, so a phrase found nowhere
	 * is read once, not once to probe and again to count.
	 */
	probes?: readonly string[];
	/**
	 * What the word-pair index must show for the match, the words adjacent (near columns, and any
	 * column) and each probe to match anything (src/search/pairs/pair-conditions.ts): expressions over
	 * search_pairs, null (or absent) where the pairs say nothing. They only let the statement skip
	 * work; the answer is the expressions' own.
	 */
	pairs?: {
		match: string | null;
		adjacent: string | null;
		anywhere: string | null;
		probes: readonly (string | null)[];
	};
}

export interface RankedAmong {
	/** How many sources the pool holds. */
	sources: number;
	/** merit: the word's merit pool; recent: no pool yet, so the match's most recently added sources. */
	order: "merit" | "recent";
	/** The word whose pool it is (merit only). */
	word: string | null;
	/** When the projection refresh computed that pool (merit only). */
	computedAt: string | null;
}

export interface SearchPage {
	rows: SearchHitRow[];
	/** Matching public sources: exact when `exact`, else estimated. */
	total: number;
	exact: boolean;
	/** A crowded match ranked among a pool; else null. */
	rankedAmong: RankedAmong | null;
	/** The plan that ran, absent when nothing matched: for tests and profiles. */
	plan?: Plan;
	/** How a walked pool was tested: against the match read once as a set, or by look-ups (tests, profiles). */
	walked?: "set" | "look-ups";
	/** Whether each of the request's probes matches anything, in order (when it gave probes). */
	present?: boolean[];
}

/** A filter as an index token: what migrations/0014's view writes in the facets column. */
export function facetToken(kind: "c" | "p" | "t", value: string): string {
	const hex = [...new TextEncoder().encode(value)].map((b) => b.toString(16).padStart(2, "0")).join("");
	return `0${kind}${hex}0`;
}

/** Each filter as an expression, the kind that narrows most first (a creator's sources, a topic's, a platform's). */
const facetParts = (f: SearchFilters): string[] =>
	[
		f.creatorHandleKey === null ? null : facetToken("c", f.creatorHandleKey),
		f.topicId === null ? null : facetToken("t", f.topicId),
		f.platform === null ? null : facetToken("p", f.platform),
	]
		.filter((token) => token !== null)
		.map((token) => `facets : "${token}"`);

/** An expression that matches no source (no facet is named so): the tier of a phrase found too long to look for. */
const NOTHING = 'facets : "0z0"';

/**
 * The words adjacent within these columns. Each spelling holds one form of every term, so it implies
 * the match; a request of one term (no `adjacent`) is the match itself.
 */
function adjacentIn(request: SearchRequest, columns: string, facets: string): string {
	if (request.adjacent === undefined) return `(${request.match})${facets}`;
	return request.adjacent === null ? NOTHING : `${columns} : (${request.adjacent})${facets}`;
}

/**
 * A pooled source is tested by each filter and the `lookedUpAlone` narrowest parts of the match one
 * at a time, then by the rest at once: most sources that fail, fail there, and the rest are held by
 * nearly every source left, so testing them one by one would save little and count a row each (the
 * list's and the look-up's).
 */
function lookupsOf(request: SearchRequest, filters: readonly string[]): string[] {
	if (request.anchorHolds === true) return [...filters];
	// No parts would test nothing: every pooled source would pass.
	const parts = request.parts !== undefined && request.parts.length > 0 ? request.parts : [request.match];
	const alone = SEARCH_TUNING.lookedUpAlone;
	const rest = parts.slice(alone);
	return [...filters, ...parts.slice(0, alone), ...(rest.length === 0 ? [] : [rest.join(" AND ")])];
}

/** The values of P (search-sql.ts), in its order. */
function searchValues(request: SearchRequest): unknown[] {
	const filters = facetParts(request.filters);
	const facets = filters.map((part) => ` AND ${part}`).join("");
	const values: Record<keyof typeof P, unknown> = {
		match: `(${request.match})${facets}`,
		adjacent: adjacentIn(request, "{title topics body}", facets),
		adjacentAnywhere: adjacentIn(request, "{title topics body summary}", facets),
		anchor: request.anchor ?? null,
		gate: request.gate === undefined ? null : `(${request.gate})${facets}`,
		probes: JSON.stringify(request.probes ?? []),
		limit: request.limit,
		matchLookups: JSON.stringify(lookupsOf(request, filters)),
		adjacentLookups: JSON.stringify([...filters, adjacentIn(request, "{title topics body}", "")]),
		matchPairs: request.pairs?.match ?? null,
		// One term: its words adjacent are the match itself (adjacentIn).
		adjacentPairs: (request.adjacent === undefined ? request.pairs?.match : request.pairs?.adjacent) ?? null,
		anywherePairs: (request.adjacent === undefined ? request.pairs?.match : request.pairs?.anywhere) ?? null,
		probePairs: JSON.stringify(request.pairs?.probes ?? []),
		countBound: CROWDED_POOL,
		offset: request.offset,
	};
	return (Object.keys(P) as (keyof typeof P)[])
		.sort((a, b) => Number(P[a].slice(1)) - Number(P[b].slice(1)))
		.map((name) => values[name]);
}

/** The statement for `request`: ranked whole when the isolate's statistics say so, else gated on its count. */
export function searchStatement(db: PublicDb, request: SearchRequest): D1PreparedStatement {
	const shape = {
		gate: request.gate !== undefined,
		probes: (request.probes ?? []).length > 0,
		tiers: request.adjacent !== undefined,
	};
	return db
		.prepare(request.small === true ? wholeSql(shape) : gatedSql(shape))
		.bind(...searchValues(request));
}

/** The statistics every row of the answer carries (the first row holds them for a page of none). */
interface Stats {
	probed: number;
	total: number;
	plan: Plan | null;
	pool: number;
	pool_computed_at?: string | null;
	as_set?: number | null;
	population?: number;
	sampled?: number | null;
	matched?: number | null;
	present?: string;
}

type ResultRow = Stats &
	Omit<SearchHitRow, "passages" | "tier"> & { tier: number | null; passages: string | null };

const STAT_COLUMNS = [
	"probed",
	"total",
	"plan",
	"pool",
	"pool_computed_at",
	"as_set",
	"population",
	"sampled",
	"matched",
	"present",
] as const;

/** A page row without the statistics it carries; a source that stopped being public since the match was read is left out. */
function hitsOf(all: readonly ResultRow[]): SearchHitRow[] {
	return all
		.filter((row) => row.source_id !== null && row.title !== null)
		.map((row) => {
			const hit: Partial<ResultRow> = { ...row };
			for (const column of STAT_COLUMNS) delete hit[column];
			return {
				...(hit as Omit<ResultRow, (typeof STAT_COLUMNS)[number]>),
				tier: row.tier === 2 ? "apart" : "adjacent",
				passages: JSON.parse(row.passages ?? "[]") as PassageRow[],
			};
		});
}

/** A crowded match's total: at least one more than a pool (the bounded count) and what the page reached, else the estimate. */
function crowdedTotal(stats: Stats, reached: number): number {
	const found = Math.max(stats.total, stats.probed, reached);
	const estimate =
		stats.sampled && stats.matched != null && stats.population !== undefined
			? Math.round((stats.population * stats.matched) / stats.sampled)
			: 0;
	return Math.max(found, estimate);
}

/** The page a statement's answer holds; the statement says which plan ran. */
export function readSearch(results: readonly unknown[], request: SearchRequest): SearchPage {
	const all = results as ResultRow[];
	const stats = all[0];
	if (!stats) throw new Error("search returned no statistics row");
	const present =
		stats.present === undefined ? {} : { present: (JSON.parse(stats.present) as number[]).map((e) => e > 0) };
	if (stats.plan === null || (stats.plan === "whole" && stats.total === 0))
		return { rows: [], total: 0, exact: true, rankedAmong: null, ...present };
	const rows = hitsOf(all);
	if (stats.plan === "whole")
		return { rows, total: stats.total, exact: true, rankedAmong: null, plan: "whole", ...present };
	const total = crowdedTotal(stats, request.offset + rows.length);
	if (stats.plan === "recent") {
		const rankedAmong = { sources: stats.pool, order: "recent" as const, word: null, computedAt: null };
		return { rows, total, exact: false, rankedAmong, plan: "recent", ...present };
	}
	const rankedAmong = {
		sources: stats.pool,
		order: "merit" as const,
		word: request.anchor ?? null,
		computedAt: stats.pool_computed_at ?? null,
	};
	const walked = stats.as_set === 1 ? ("set" as const) : ("look-ups" as const);
	return { rows, total, exact: false, rankedAmong, plan: "pool", walked, ...present };
}

/** One search: one statement, one round trip. */
export async function searchSources(db: PublicDb, request: SearchRequest): Promise<SearchPage> {
	return readSearch((await searchStatement(db, request).all()).results, request);
}
