/**
 * search_sources' answer, apart from its schemas: the match expression, the any-term fallback, the
 * page of cited sources with their excerpts, and the text heading.
 */
import { handleKey } from "../data/handle-key";
import { allTerms, anyTerm, matchTerms } from "../data/match-expression";
import { type SearchPage, searchSources } from "../data/search";
import { citeLine, toSourceRef } from "./citations";
import { type Platform, PUBLIC_BOUNDARY } from "./constants";
import { excerptAround } from "./excerpt";
import { oneLine } from "./one-line";
import { type ToolContext, ToolError } from "./tool";

export const SEARCH_LIMIT_MAX = 20;
export const SEARCH_OFFSET_MAX = 1000;

interface SearchArgs {
	query: string;
	creator_handle?: string | undefined;
	topic_id?: string | undefined;
	platform?: Platform | undefined;
	limit: number;
	offset: number;
}

export async function answerSearch(args: SearchArgs, { db, publicBaseUrl }: ToolContext) {
	const terms = matchTerms(args.query);
	if (terms.phrases.length === 0) {
		throw new ToolError(
			'query has no searchable words (only punctuation, symbols or spaces). Give at least one word or number, e.g. "AI search".',
		);
	}
	const filters = {
		creatorHandleKey: args.creator_handle === undefined ? null : handleKey(args.creator_handle),
		topicId: args.topic_id ?? null,
		platform: args.platform ?? null,
	};
	let matchMode: "all_terms" | "any_term" = "all_terms";
	let page: SearchPage = await searchSources(db, allTerms(terms), filters, args.limit, args.offset);
	if (page.total === 0 && terms.phrases.length > 1) {
		matchMode = "any_term";
		page = await searchSources(db, anyTerm(terms), filters, args.limit, args.offset);
	}
	const words = terms.phrases.map((phrase) => phrase.slice(1, -1));
	const results = page.rows.map((row, index) => ({
		...toSourceRef(row, publicBaseUrl),
		rank: args.offset + index + 1,
		excerpt: {
			passage_ordinal: row.passage_ordinal,
			start_ms: row.passage_start_ms,
			end_ms: row.passage_end_ms,
			text: excerptAround(row.passage_text, words),
		},
	}));
	const nextOffset = args.offset + results.length;
	const structured = {
		query: args.query,
		filters: {
			creator_handle: filters.creatorHandleKey === null ? null : `@${filters.creatorHandleKey}`,
			topic_id: filters.topicId,
			platform: args.platform ?? null,
		},
		match_mode: matchMode,
		query_truncated: terms.truncated,
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
			: `${page.exact ? "" : "About "}${page.total} public source${page.total === 1 ? "" : "s"} match "${args.query}"${matchMode === "any_term" ? " (any word; none had all)" : ""}; showing ${args.offset + 1}-${args.offset + results.length}:`;
	const lines = results.map((r) => `${r.rank}. ${citeLine(r)}`);
	return { text: [oneLine(heading), ...lines].join("\n"), structured };
}
