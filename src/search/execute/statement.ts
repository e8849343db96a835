/**
 * One plan, one statement (src/search/plan/plan.ts decides the plan; ./sql/ holds the text of each
 * shape): the plan's values bound to its shape's text, and its answer read back. The index holds one
 * row per public source (title 4, topic labels 4, summary 2, whole public transcript 1, its filters
 * as facet tokens 0; English-stemmed; migrations/0014). A statement answers, in one result, the
 * census when it began with one, the page, each page source's passages (the excerpt is chosen from
 * them) and, for a crowded match, a sampled estimate of its total.
 */
import type { PublicDb } from "../../data/public-db";
import type { SourceRefRow } from "../../data/source-ref";
import type { PassageRow } from "../excerpts/passages";
import { adjacentPairs, matchPairs, termPairs } from "../pairs/pair-conditions";
import { type Census, countRange, type Plan } from "../plan/plan";
import { SEARCH_TUNING } from "../vocabulary/tuning";
import {
	adjacentText,
	allTerms,
	anyTerm,
	facetParts,
	facetsSuffix,
	lookupTexts,
	matchText,
	termExpression,
} from "./fts5";
import { P, type Param, type Shape } from "./sql/params";
import { statementSql } from "./sql/statement-sql";

type MatchTier = "adjacent" | "apart";

export interface SearchHitRow extends SourceRefRow {
	score: number;
	tier: MatchTier;
	/** The source's public passages in order, for the excerpt. */
	passages: PassageRow[];
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
	/** How a walked pool was tested: against the match read once as a set, or by look-ups (tests, profiles). */
	walked?: "set" | "look-ups";
}

export const EMPTY_PAGE: SearchPage = { rows: [], total: 0, exact: true, rankedAmong: null };

/** What one statement answered: its page, the census it began with (null when none), whether its plan ran. */
interface Answered {
	page: SearchPage;
	census: Census | null;
	ran: boolean;
}

/** The shape of the text a plan runs as. */
export function shapeOf(plan: Plan): Shape {
	if (plan.ranking.by === "none") throw new Error("a plan proved to match nothing runs no statement");
	return { ranking: plan.ranking.by, census: plan.census !== null, tiers: plan.match.together !== undefined };
}

/** The census's values: the probes, the terms in most sources, the fallback, whether to count, the guess's counts. */
function censusValues(plan: Plan, facets: string): Partial<Record<Param, unknown>> {
	const census = plan.census;
	const weightless = census?.weightless ?? [];
	const [guessFrom, guessTo] = countRange(plan.ranking, plan.pool);
	const weightlessAny = weightless.slice(0, SEARCH_TUNING.anyTermWeightlessMax);
	return {
		probes: JSON.stringify(census?.probes.map(termExpression) ?? []),
		probePairs: JSON.stringify(census?.probes.map(termPairs) ?? []),
		weightlessAll: weightless.length === 0 ? null : `(${allTerms(weightless)})${facets}`,
		weightlessAny: weightless.length < 2 ? null : `(${anyTerm(weightlessAny)})${facets}`,
		facets,
		fallback: census?.fallback == null ? null : `(${anyTerm(census.fallback)})${facets}`,
		count: census?.count === true ? 1 : 0,
		guessFrom,
		guessTo,
	};
}

/** The values of P for a plan, in P's order. */
export function valuesOf(plan: Plan): unknown[] {
	const { match, scope } = plan;
	const facets = facetsSuffix(scope.filters);
	const pairs = matchPairs(match.terms, match.join);
	const together = match.together;
	const values: Record<Param, unknown> = {
		match: `(${matchText(match)})${facets}`,
		adjacent: adjacentText(match, "{title topics body}", facets),
		adjacentAnywhere: adjacentText(match, "{title topics body summary}", facets),
		anchor: plan.ranking.by === "pool" ? plan.ranking.anchor : null,
		limit: scope.limit,
		offset: scope.offset,
		pool: plan.pool,
		matchLookups: JSON.stringify(lookupTexts(match, scope.filters)),
		adjacentLookups: JSON.stringify([
			...facetParts(scope.filters),
			adjacentText(match, "{title topics body}", ""),
		]),
		matchPairs: pairs,
		// One term: its words adjacent are the match itself (adjacentText).
		adjacentPairs: together === undefined ? pairs : adjacentPairs(together.phraseKeys, "near"),
		anywherePairs: together === undefined ? pairs : adjacentPairs(together.phraseKeys, "anywhere"),
		...(censusValues(plan, facets) as Record<string, unknown>),
	} as Record<Param, unknown>;
	return (Object.keys(P) as Param[])
		.sort((a, b) => Number(P[a].slice(1)) - Number(P[b].slice(1)))
		.map((name) => values[name]);
}

/** The highest numbered value a statement's text names: it binds that many. */
const highestNamed = (sql: string) => Math.max(0, ...[...sql.matchAll(/\?(\d+)/g)].map((m) => Number(m[1])));

/** The values a statement's text names, in order: it binds as many as the highest it names. */
const boundValues = (plan: Plan, sql: string) => valuesOf(plan).slice(0, highestNamed(sql));

/** A plan's statement: its shape's text, and the values that text names. */
export function statementOf(plan: Plan): { sql: string; values: unknown[] } {
	const sql = statementSql(shapeOf(plan));
	return { sql, values: boundValues(plan, sql) };
}

/** The statement a plan runs as (its text a constant of its shape, so the SQL-safety check can read it). */
function planStatement(db: PublicDb, plan: Plan): D1PreparedStatement {
	const sql = statementSql(shapeOf(plan));
	return db.prepare(sql).bind(...boundValues(plan, sql));
}

/** The statistics the answer's first row carries (it holds them for a page of none). */
interface Stats {
	go: number;
	total: number;
	present?: string;
	n?: number | null;
	any_n?: number | null;
	pool_computed_at?: string | null;
	as_set?: number | null;
	population?: number;
	sampled?: number | null;
	matched?: number | null;
}

type ResultRow = Stats &
	Omit<SearchHitRow, "passages" | "tier"> & { tier: number | null; passages: string | null };

const STAT_COLUMNS: readonly (keyof Stats)[] = [
	"go",
	"total",
	"present",
	"n",
	"any_n",
	"pool_computed_at",
	"as_set",
	"population",
	"sampled",
	"matched",
];

/** A page row without the statistics it carries; a source that stopped being public since the match was read is left out. */
function hitsOf(all: readonly ResultRow[]): SearchHitRow[] {
	return all
		.filter((row) => row.source_id !== null && row.title !== null)
		.map((row) => {
			const hit: Partial<ResultRow> = { ...row };
			for (const column of STAT_COLUMNS) delete hit[column];
			return {
				...(hit as Omit<ResultRow, keyof Stats>),
				tier: row.tier === 2 ? "apart" : "adjacent",
				passages: JSON.parse(row.passages ?? "[]") as PassageRow[],
			};
		});
}

/** A crowded match's total: at least one more than a pool and what the page reached, else the estimate. */
function crowdedTotal(stats: Stats, pool: number, reached: number): number {
	const estimate =
		stats.sampled && stats.matched != null && stats.population !== undefined
			? Math.round((stats.population * stats.matched) / stats.sampled)
			: 0;
	return Math.max(stats.total, pool + 1, reached, estimate);
}

/** The page of a plan that ran, as its ranking says it was ranked. */
function pageOf(stats: Stats, all: readonly ResultRow[], plan: Plan): SearchPage {
	const rows = hitsOf(all);
	const { ranking, pool } = plan;
	if (ranking.by === "whole" || (stats.total === 0 && ranking.by === "recent"))
		return stats.total === 0 ? EMPTY_PAGE : { rows, total: stats.total, exact: true, rankedAmong: null };
	const total = crowdedTotal(stats, pool, plan.scope.offset + rows.length);
	if (ranking.by !== "pool")
		return {
			rows,
			total,
			exact: false,
			rankedAmong: { sources: pool, order: "recent", word: null, computedAt: null },
		};
	const rankedAmong = {
		sources: pool,
		order: "merit" as const,
		word: ranking.anchor,
		computedAt: stats.pool_computed_at ?? null,
	};
	return { rows, total, exact: false, rankedAmong, walked: stats.as_set === 1 ? "set" : "look-ups" };
}

/** What a plan's statement answered. */
export function readAnswer(results: readonly unknown[], plan: Plan): Answered {
	const all = results as ResultRow[];
	const stats = all[0];
	if (!stats) throw new Error("search returned no statistics row");
	const census =
		plan.census === null
			? null
			: {
					present: (JSON.parse(stats.present ?? "[]") as number[]).map((e) => e > 0),
					n: stats.n ?? null,
					anyN: stats.any_n ?? null,
				};
	// A whole ranking is its own count: one past a pool says the match is crowded, and answers nothing.
	const overflow = plan.ranking.by === "whole" && stats.total > plan.pool;
	const ran = stats.go === 1 && !overflow;
	const counted = overflow ? { present: census?.present ?? [], n: stats.total, anyN: null } : census;
	return { page: ran ? pageOf(stats, all, plan) : EMPTY_PAGE, census: counted, ran };
}

/** One plan's statement: one round trip. */
export async function runStatement(db: PublicDb, plan: Plan): Promise<Answered> {
	return readAnswer((await planStatement(db, plan).all()).results, plan);
}
