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
import { type SearchPage, searchSources, termStats } from "../data/search";
import { choosePassage, pagePassages } from "../data/search-excerpts";
import { citeLine, toSourceRef } from "./citations";
import { type Platform, PUBLIC_BOUNDARY } from "./constants";
import { excerptAt } from "./excerpt";
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
	let matchMode: MatchMode = "all_terms";
	const leftOut: { term: string; reason: LeftOutReason }[] = [];
	const run = (match: string) => searchSources(db, match, filters, args.limit, args.offset);
	let page: SearchPage = await run(allTerms(terms));
	if (page.total === 0 && terms.length > 1) {
		// Widen in steps that keep the search bounded (see searchFallback).
		const widened = await searchFallback(terms, await termStats(db, terms.map(termExpression)), run);
		matchMode = widened.mode;
		page = widened.page;
		leftOut.push(...widened.leftOut);
	}
	const passages = await pagePassages(
		db,
		page.rows.map((row) => row.source_id),
	);
	const termKeys = terms.map((t) => t.keys);
	const results = page.rows.map((row, index) => {
		const chosen = choosePassage(passages.get(row.source_id) ?? [], termKeys, row.passage_ordinal);
		const passage = chosen ?? {
			ordinal: row.passage_ordinal,
			start_ms: row.passage_start_ms,
			end_ms: row.passage_end_ms,
			text: row.passage_text,
			held: [],
			hitAt: -1,
		};
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
		total_estimate: page.total,
		offset: args.offset,
		limit: args.limit,
		next_offset:
			results.length > 0 && nextOffset < page.total && nextOffset <= SEARCH_OFFSET_MAX ? nextOffset : null,
		results,
		public_boundary: PUBLIC_BOUNDARY,
	};
	const heading =
		results.length === 0
			? `No public sources match "${args.query}"${page.total > 0 ? ` past offset ${args.offset} (there are ${page.total})` : ""}.`
			: `${page.exact ? "" : "About "}${page.total} public source${page.total === 1 ? "" : "s"} match "${args.query}"${matchMode === "all_terms" ? "" : ` (${matchMode === "any_term" ? "any word; none had all" : "all words found in the collection"}${leftOut.length > 0 ? `; left out: ${leftOut.map((l) => l.term).join(", ")}` : ""})`}; showing ${args.offset + 1}-${args.offset + results.length}:`;
	const lines = results.map((r) => `${r.rank}. ${citeLine(r)}`);
	return { text: [heading, ...lines].join("\n"), structured };
}

/**
 * When no source has every term: first leave out the terms found nowhere (one absent word must not
 * turn a search for 23 words into a ranking of every passage that holds any of them), then, if the
 * rest still never occur together, match any of them but the weightless ones (in most rows, BM25
 * gives them no weight, so they only add cost and a tail of unranked matches); if all are
 * weightless, the first ANY_TERM_WEIGHTLESS_MAX of them.
 */
async function searchFallback(
	terms: SearchTerm[],
	stats: { exists: boolean; weightless: boolean }[],
	run: (match: string) => Promise<SearchPage>,
): Promise<{ mode: MatchMode; page: SearchPage; leftOut: { term: string; reason: LeftOutReason }[] }> {
	const leftOut: { term: string; reason: LeftOutReason }[] = [];
	const known = terms.filter((term, i) => {
		if (stats[i]?.exists) return true;
		leftOut.push({ term: term.text, reason: "found_nowhere" });
		return false;
	});
	const empty: SearchPage = { rows: [], total: 0, exact: true };
	if (known.length === 0) return { mode: "any_term", page: empty, leftOut };
	if (known.length < terms.length) {
		const page = await run(allTerms(known));
		if (page.total > 0 || known.length === 1) return { mode: "known_terms", page, leftOut };
	}
	const weighted = known.filter((term) => !stats[terms.indexOf(term)]?.weightless);
	const anyOf = weighted.length > 0 ? weighted : known.slice(0, ANY_TERM_WEIGHTLESS_MAX);
	for (const term of known)
		if (!anyOf.includes(term))
			leftOut.push({ term: term.text, reason: weighted.length > 0 ? "in_most_sources" : "beyond_limit" });
	return { mode: "any_term", page: await run(anyTerm(anyOf)), leftOut };
}
