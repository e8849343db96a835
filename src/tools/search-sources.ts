import * as v from "valibot";
import { handleKey } from "../data/handle-key";
import { allTerms, anyTerm, MAX_QUERY_TERMS, matchTerms } from "../data/match-expression";
import { type SearchPage, searchSources } from "../data/search";
import { citeLine, toSourceRef } from "./citations";
import { EXCERPT_MAX_CHARS, excerptAround } from "./excerpt";
import {
	HandleArgument,
	PLATFORMS,
	PlatformSchema,
	PUBLIC_BOUNDARY,
	PublicBoundarySchema,
	SourceRefSchema,
	TopicIdArgument,
} from "./shapes";
import { defineTool, ToolError } from "./tool";

export const SEARCH_LIMIT_MAX = 20;
export const SEARCH_OFFSET_MAX = 1000;

const Input = v.strictObject({
	query: v.pipe(
		v.string("query must be a string."),
		v.minLength(1, 'query must not be empty: give a few words, e.g. "AI search".'),
		v.maxLength(500, "query is at most 500 characters: shorten it to the key words."),
		v.description(
			`Words to look for in titles, summaries and public transcript passages. Punctuation and search operators are treated as plain text; at most ${MAX_QUERY_TERMS} words are used.`,
		),
	),
	creator_handle: v.optional(
		v.pipe(HandleArgument, v.description('Only sources by this creator (with or without "@").')),
	),
	topic_id: v.optional(v.pipe(TopicIdArgument, v.description("Only sources linked to this exact topic id."))),
	platform: v.optional(PlatformSchema),
	limit: v.optional(
		v.pipe(
			v.number("limit must be a number."),
			v.integer("limit must be a whole number."),
			v.minValue(1, "limit must be at least 1."),
			v.maxValue(SEARCH_LIMIT_MAX, `limit is at most ${SEARCH_LIMIT_MAX}: page with offset for more.`),
			v.description(`How many sources to return (1-${SEARCH_LIMIT_MAX}).`),
		),
		5,
	),
	offset: v.optional(
		v.pipe(
			v.number("offset must be a number."),
			v.integer("offset must be a whole number."),
			v.minValue(0, "offset must be 0 or more."),
			v.maxValue(
				SEARCH_OFFSET_MAX,
				`offset is at most ${SEARCH_OFFSET_MAX}: narrow the query or add a filter instead.`,
			),
			v.description(
				`How many ranked sources to skip (0-${SEARCH_OFFSET_MAX}); use next_offset from the previous page.`,
			),
		),
		0,
	),
});

const Output = v.object({
	query: v.string(),
	filters: v.object({
		creator_handle: v.nullable(v.string()),
		topic_id: v.nullable(v.string()),
		platform: v.nullable(v.picklist(PLATFORMS)),
	}),
	match_mode: v.pipe(
		v.picklist(["all_terms", "any_term"]),
		v.description(
			"all_terms when every word matched; any_term when no source had them all and the search was widened.",
		),
	),
	query_truncated: v.boolean(),
	total_estimate: v.pipe(
		v.number(),
		v.description("Matching public sources (for this match mode and these filters)."),
	),
	offset: v.number(),
	limit: v.number(),
	next_offset: v.pipe(
		v.nullable(v.number()),
		v.description("Offset of the next page, or null when there is none."),
	),
	results: v.array(
		v.object({
			...SourceRefSchema.entries,
			rank: v.number(),
			excerpt: v.pipe(
				v.object({
					passage_ordinal: v.number(),
					start_ms: v.number(),
					end_ms: v.number(),
					text: v.string(),
				}),
				v.description(`The best-matching public passage, at most ${EXCERPT_MAX_CHARS} characters.`),
			),
		}),
	),
	public_boundary: PublicBoundarySchema,
});

export const searchSourcesTool = defineTool({
	name: "search_sources",
	title: "Search public sources",
	description:
		"Full-text search over the public Base2026 collection of short-form SEO and AI search practitioner videos. Returns distinct sources ranked by relevance (BM25), each with its best-matching passage as a bounded excerpt, the creator, the original URL and the Base2026 source page URL. Filter by creator_handle, topic_id or platform; page with limit and offset. Follow a hit with get_source for its passages and applied evidence cards.",
	input: Input,
	output: Output,
	async run(args, { db, publicBaseUrl }) {
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
				: `${page.total} public source${page.total === 1 ? "" : "s"} match "${args.query}"${matchMode === "any_term" ? " (any word; none had all)" : ""}; showing ${args.offset + 1}-${args.offset + results.length}:`;
		const lines = results.map((r) => `${r.rank}. ${citeLine(r)}`);
		return { text: [heading, ...lines].join("\n"), structured };
	},
});
