/**
 * search_sources' answer, apart from its schemas: the query read into terms (with the lexicon's
 * alternatives), the match expression, the any-term fallback, the page of cited sources with the
 * excerpt that explains each hit, and the text heading.
 */
import { handleKey } from "../data/handle-key";
import { lexiconAlternatives } from "../data/lexicon";
import {
	allTerms,
	anyTerm,
	lexiconKeys,
	parseQuery,
	type SearchTerm,
	searchTerms,
	termExpression,
} from "../data/match-expression";
import { type SearchPage, searchSources, type TermStats, termStats } from "../data/search";
import { choosePassage, pagePassages } from "../data/search-excerpts";
import { citeLine, toSourceRef } from "./citations";
import { type Platform, PUBLIC_BOUNDARY } from "./constants";
import { excerptAt } from "./excerpt";
import { oneLine } from "./one-line";
import { type ToolContext, ToolError } from "./tool";

export const SEARCH_LIMIT_MAX = 20;
export const SEARCH_OFFSET_MAX = 1000;
/** When every remaining term is weightless, the any-term search takes only this many of them. */
export const ANY_TERM_WEIGHTLESS_MAX = 3;

export type MatchMode = "all_terms" | "known_terms" | "any_term";
export type LeftOutReason = "found_nowhere" | "in_most_sources" | "beyond_limit";

interface SearchArgs {
	query: string;
	creator_handle?: string | undefined;
	topic_id?: string | undefined;
	platform?: Platform | undefined;
	limit: number;
	offset: number;
}

export async function answerSearch(args: SearchArgs, { db, publicBaseUrl }: ToolContext) {
	const parsed = parseQuery(args.query);
	if (parsed.words.length === 0) {
		throw new ToolError(
			'query has no searchable words (only punctuation, symbols or spaces). Give at least one word or number, e.g. "AI search".',
		);
	}
	const filters = {
		creatorHandleKey: args.creator_handle === undefined ? null : handleKey(args.creator_handle),
		topicId: args.topic_id ?? null,
		platform: args.platform ?? null,
	};
	const terms = searchTerms(parsed, await lexiconAlternatives(db, lexiconKeys(parsed)));
	const run = (match: string) => searchSources(db, match, filters, args.limit, args.offset);
	const {
		mode: matchMode,
		page,
		leftOut,
	} = terms.length === 1
		? { mode: "all_terms" as const, page: await run(allTerms(terms)), leftOut: [] }
		: await searchPlan(terms, await termStats(db, terms.map(termExpression)), run);
	const passages = await pagePassages(
		db,
		page.rows.map((row) => row.source_id),
	);
	const termKeys = terms.map((t) => t.keys);
	const results = page.rows.map((row, index) => {
		const passage = choosePassage(passages.get(row.source_id) ?? [], termKeys);
		// Every source has at least one passage (the corpus format requires it).
		if (passage === undefined) throw new Error(`source ${row.source_id} has no passages`);
		return {
			...toSourceRef(row, publicBaseUrl),
			rank: args.offset + index + 1,
			excerpt: {
				passage_ordinal: passage.ordinal,
				start_ms: passage.start_ms,
				end_ms: passage.end_ms,
				text: excerptAt(passage.text, passage.hitAt),
				matched_terms: passage.held.map((i) => terms[i]?.text ?? ""),
			},
		};
	});
	const nextOffset = args.offset + results.length;
	const structured = {
		query: args.query,
		filters: {
			creator_handle: filters.creatorHandleKey === null ? null : `@${filters.creatorHandleKey}`,
			topic_id: filters.topicId,
			platform: args.platform ?? null,
		},
		match_mode: matchMode,
		query_truncated: parsed.truncated,
		interpreted_as: terms.map((t) => ({ term: t.text, phrase: t.quoted, alternatives: t.alternatives })),
		terms_left_out: leftOut,
		ranked_among: page.rankedAmong,
		total_estimate: page.total,
		offset: args.offset,
		limit: args.limit,
		next_offset:
			results.length > 0 && nextOffset < page.total && nextOffset <= SEARCH_OFFSET_MAX ? nextOffset : null,
		results,
		public_boundary: PUBLIC_BOUNDARY,
	};
	const notes = [
		matchMode === "any_term" ? "any word; none had all" : "",
		leftOut.length > 0 ? `left out: ${leftOut.map((l) => l.term).join(", ")}` : "",
		page.rankedAmong === null ? "" : `ranked among the ${page.rankedAmong} most recently added`,
	].filter((note) => note !== "");
	const heading =
		results.length === 0
			? `No public sources match "${args.query}"${page.total > 0 ? ` past offset ${args.offset} (there are ${page.total})` : ""}.`
			: `${page.exact ? "" : "About "}${page.total} public source${page.total === 1 ? "" : "s"} match "${args.query}"${notes.length > 0 ? ` (${notes.join("; ")})` : ""}; showing ${args.offset + 1}-${args.offset + results.length}:`;
	const lines = results.map((r) => `${r.rank}. ${citeLine(r)}`);
	return { text: [oneLine(heading), ...lines].join("\n"), structured };
}

/**
 * Which terms a multi-term search requires, from one bounded statement of term statistics:
 * - a term found nowhere in the collection is left out (match_mode known_terms): one absent word must
 *   not empty a search, nor turn it into a ranking of everything that holds any other word;
 * - an unquoted term in most index rows is left out when a rarer term remains: BM25 gives it no
 *   weight (FTS5 clamps its IDF to ~0), so requiring it only drops sources that happen not to say
 *   "how" or "the", and scoring it only costs;
 * - if no source has every remaining term, any of them may match (any_term); when all of them are in
 *   most rows, only the first ANY_TERM_WEIGHTLESS_MAX, since ranking every row that holds any very
 *   common word is the costliest search there is.
 */
async function searchPlan(
	terms: SearchTerm[],
	stats: TermStats[],
	run: (match: string) => Promise<SearchPage>,
): Promise<{ mode: MatchMode; page: SearchPage; leftOut: { term: string; reason: LeftOutReason }[] }> {
	const leftOut: { term: string; reason: LeftOutReason }[] = [];
	const known = terms.filter((term, i) => {
		if (stats[i]?.exists) return true;
		leftOut.push({ term: term.text, reason: "found_nowhere" });
		return false;
	});
	if (known.length === 0)
		return { mode: "all_terms", page: { rows: [], total: 0, exact: true, rankedAmong: null }, leftOut: [] };
	const weightless = (term: SearchTerm) => !term.quoted && (stats[terms.indexOf(term)]?.weightless ?? false);
	const weighted = known.filter((term) => !weightless(term));
	const required = weighted.length > 0 ? weighted : known;
	for (const term of known)
		if (!required.includes(term)) leftOut.push({ term: term.text, reason: "in_most_sources" });
	const mode = known.length < terms.length ? "known_terms" : "all_terms";
	const page = await run(allTerms(required));
	if (page.total > 0 || required.length === 1) return { mode, page, leftOut };
	const anyOf = weighted.length > 0 ? required : required.slice(0, ANY_TERM_WEIGHTLESS_MAX);
	for (const term of required)
		if (!anyOf.includes(term)) leftOut.push({ term: term.text, reason: "beyond_limit" });
	return { mode: "any_term", page: await run(anyTerm(anyOf)), leftOut };
}
