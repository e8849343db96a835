/**
 * search_sources' answer, apart from its schemas: the query read into terms (with the lexicon's
 * alternatives), the match expression, the any-term fallback, the page of cited sources with the
 * excerpt that explains each hit, and the text heading.
 */
import { handleKey } from "../data/handle-key";
import { lexiconAlternatives } from "../data/lexicon";
import { allTerms, anyTerm, lexiconKeys, parseQuery, searchTerms } from "../data/match-expression";
import { type SearchPage, searchSources } from "../data/search";
import { choosePassage, pagePassages } from "../data/search-excerpts";
import { citeLine, toSourceRef } from "./citations";
import { type Platform, PUBLIC_BOUNDARY } from "./constants";
import { excerptAt } from "./excerpt";
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
	let matchMode: "all_terms" | "any_term" = "all_terms";
	let page: SearchPage = await searchSources(db, allTerms(terms), filters, args.limit, args.offset);
	if (page.total === 0 && terms.length > 1) {
		matchMode = "any_term";
		page = await searchSources(db, anyTerm(terms), filters, args.limit, args.offset);
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
	return { text: [heading, ...lines].join("\n"), structured };
}
