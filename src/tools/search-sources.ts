import * as v from "valibot";
import { SEARCH_LIMIT_MAX, SEARCH_OFFSET_MAX } from "../limits";
import {
	EXCERPT_MAX_CHARS,
	filtersShown,
	LEFT_OUT_REASONS,
	MAX_PHRASE_WORDS,
	MAX_QUERY_PHRASES,
	MAX_QUERY_TERMS,
	MAX_QUERY_TOKENS,
	MAX_TERM_TOKENS,
	predictSearchMs,
	SEARCH_TUNING,
	type SearchAnswer,
	type SearchAsk,
	search,
	UnsearchableQuery,
} from "../search/search";
import { handleKey } from "../text/handle-key";
import { echoed, oneLine } from "../text/one-line";
import { citeLine, toSourceRef } from "./citations";
import { PUBLIC_BOUNDARY } from "./constants";
import {
	HandleArgument,
	numberArgument,
	PLATFORMS,
	PlatformSchema,
	PublicBoundarySchema,
	SourceRefSchema,
	stringArgument,
	TopicIdArgument,
	visibleArgument,
} from "./shapes";
import { defineTool, type ToolContext, ToolError } from "./tool";

export { SEARCH_LIMIT_MAX, SEARCH_OFFSET_MAX };

const Input = v.strictObject({
	query: v.pipe(
		stringArgument(),
		v.minCodePoints(1, 'must not be empty: give a few words, e.g. "AI search".'),
		v.maxCodePoints(500, "is at most 500 characters: shorten it to the key words."),
		visibleArgument("text"),
		v.description(
			`Words to look for in titles, summaries and public transcript passages. Word forms match each other (link, links, linking); field acronyms match their spelled-out forms (AIO, AI Overviews); the field's terms in Spanish are read as their English terms, and searched as written too (auditoría de contenido: content audit); "double quotes" require the quoted words adjacent. Punctuation and search operators are treated as plain text; at most ${MAX_QUERY_TERMS} terms and ${MAX_QUERY_TOKENS} words in all are used, at most ${MAX_TERM_TOKENS} words of one hyphenated or quoted term (query_truncated says when the rest was cut). At most ${MAX_QUERY_PHRASES} hyphenated or quoted terms keep their words adjacent, ${MAX_PHRASE_WORDS} words among them; a later one is searched as its separate words (see interpreted_as).`,
		),
	),
	creator_handle: v.optional(
		v.pipe(HandleArgument, v.description('Only sources by this creator (with or without "@").')),
	),
	topic_id: v.optional(v.pipe(TopicIdArgument, v.description("Only sources linked to this exact topic id."))),
	platform: v.optional(PlatformSchema),
	limit: v.optional(
		v.pipe(
			numberArgument(),
			v.integer("must be a whole number."),
			v.minValue(1, "must be at least 1."),
			v.maxValue(SEARCH_LIMIT_MAX, `is at most ${SEARCH_LIMIT_MAX}: page with offset for more.`),
			v.description(`How many sources to return (1-${SEARCH_LIMIT_MAX}).`),
		),
		5,
	),
	offset: v.optional(
		v.pipe(
			numberArgument(),
			v.integer("must be a whole number."),
			v.minValue(0, "must be 0 or more."),
			v.maxValue(
				SEARCH_OFFSET_MAX,
				`is at most ${SEARCH_OFFSET_MAX}: narrow the query or add a filter instead.`,
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
		v.picklist(["all_terms", "known_terms", "any_term"]),
		v.description(
			"all_terms: every term must match, except terms in most of the collection when a rarer term remains (BM25 gives them no weight; see terms_left_out). known_terms: the same, after leaving out terms found nowhere in the collection. any_term: no source had them all, so sources holding any of them are ranked.",
		),
	),
	query_truncated: v.boolean(),
	interpreted_as: v.pipe(
		v.array(
			v.object({
				term: v.pipe(
					v.string(),
					v.description("A word of the query, or a run of words the lexicon knows, as written."),
				),
				phrase: v.pipe(
					v.boolean(),
					v.description("True for a double-quoted part of the query: its words adjacent and in order."),
				),
				alternatives: v.pipe(
					v.array(v.string()),
					v.description(
						"Other forms searched as the same term, from the search lexicon (acronyms, spelled-out forms, variant spellings); empty when none.",
					),
				),
			}),
		),
		v.description(
			"How the query was read: the terms searched, in order. Every word also matches its English word forms (link, links, linking); a field term in Spanish is read as its English terms, each with the Spanish as one more alternative; quote a phrase to require its words adjacent; quoted terms get no alternatives.",
		),
	),
	terms_left_out: v.pipe(
		v.array(
			v.object({
				term: v.string(),
				reason: v.picklist(LEFT_OUT_REASONS),
			}),
		),
		v.description(
			`Terms of interpreted_as not required: found_nowhere (in no source); in_most_sources (unquoted, in most of the collection, left out when a rarer term remains: it carries no weight in the ranking and would only narrow the match, though it still counts for match_tier); beyond_limit (any_term when every term is in most of the collection: only the first ${SEARCH_TUNING.anyTermWeightlessMax} are used); stop_word (an unquoted word with no meaning of its own, such as "the", "how" or "for": never required, never reported as matched); spelling_beyond_limit (an alternative spelling not searched at all: the query's spellings together would make more than ${SEARCH_TUNING.adjacentPhrases} phrases of its words adjacent). Quote a word to require it.`,
		),
	),
	ranked_among: v.pipe(
		v.nullable(
			v.object({
				sources: v.pipe(v.number(), v.description("How many sources the pool holds.")),
				order: v.pipe(
					v.picklist(["merit", "recent"]),
					v.description(
						"merit: the pool of `word`, the sources where it weighs most; recent: no pool has been computed for the query's words yet, so the match's most recently added sources (a bounded stand-in).",
					),
				),
				word: v.pipe(
					v.nullable(v.string()),
					v.description("The word whose pool it is (stemmed, as the index holds it); null for recent."),
				),
				computed_at: v.pipe(
					v.nullable(v.string()),
					v.description("When the projection refresh computed the pool; null for recent."),
				),
			}),
		),
		v.description(
			`null: every matching source was ranked. An object: more than ${SEARCH_TUNING.pool} public sources match, so the match is ranked first among the pool of its rarest word: the sources where that word weighs most (its BM25 term frequency, title and topic labels first), computed ahead of time by the projection refresh. Within each match_tier, results follow that pool's order, then the tier's other matches, most recently added first (every match is reachable by paging); sources holding the words adjacent come first. Until a refresh has computed a pool for any of the query's crowded words (order recent), the most recently added matches stand in. Add a rarer word or filter to rank every match by BM25.`,
		),
	),
	total_estimate: v.pipe(
		v.number(),
		v.description(
			"Matching public sources (for this match mode and these filters): exact when the match is small enough to count in full, otherwise estimated from a fixed sample of the collection (a large number either way).",
		),
	),
	offset: v.number(),
	limit: v.number(),
	next_offset: v.pipe(
		v.nullable(v.number()),
		v.description(
			`Offset of the next page, or null on the last page or past offset ${SEARCH_OFFSET_MAX} (never while matches remain before it).`,
		),
	),
	results: v.array(
		v.object({
			...SourceRefSchema.entries,
			rank: v.number(),
			match_tier: v.pipe(
				v.picklist(["adjacent", "apart", "some_words"]),
				v.description(
					"Why this source matched: adjacent (it holds the query's words next to each other, in query order, in any spelling interpreted_as lists, in its title, topic labels, summary or transcript; ranked among a pool (ranked_among), in its title, topic labels or transcript; every source of a one-term query); apart (every required word, not adjacent); some_words (match_mode any_term: some of them). Adjacent sources rank above apart ones, each tier by relevance (title and topic labels weigh most).",
				),
			),
			excerpt: v.pipe(
				v.object({
					passage_ordinal: v.number(),
					start_ms: v.number(),
					end_ms: v.number(),
					text: v.string(),
					matched_terms: v.pipe(
						v.array(v.string()),
						v.description(
							"The terms of interpreted_as this passage holds (in any of their forms); empty when the source matched only in its title or summary.",
						),
					),
				}),
				v.description(
					`The public passage of this source holding the query's words adjacent whenever it has one, else the one holding the most query terms (one holding them all whenever there is one), at most ${EXCERPT_MAX_CHARS} characters.`,
				),
			),
		}),
	),
	public_boundary: PublicBoundarySchema,
});

type SearchArgs = v.InferOutput<typeof Input>;

/** The search the arguments ask for, built once: every stage down to the statement reads it. */
const askOf = (args: SearchArgs): SearchAsk => ({
	query: args.query,
	filters: {
		creatorHandleKey: args.creator_handle === undefined ? null : handleKey(args.creator_handle),
		topicId: args.topic_id ?? null,
		platform: args.platform ?? null,
	},
	limit: args.limit,
	offset: args.offset,
});

/** One result: the source with both URLs, its rank and tier, and the excerpt of its passage that best holds the query. */
const resultOf = (
	{ source, rank, tier, excerpt }: SearchAnswer["results"][number],
	publicBaseUrl: string,
) => ({
	...toSourceRef(source, publicBaseUrl),
	rank,
	match_tier: tier,
	excerpt: {
		passage_ordinal: excerpt.passageOrdinal,
		start_ms: excerpt.startMs,
		end_ms: excerpt.endMs,
		text: excerpt.text,
		matched_terms: excerpt.matchedTerms.map(echoed),
	},
});

/**
 * The structured answer. `query` is the caller's own value as sent (at most 500 characters); every
 * other echo of the query's text (terms, terms left out, matched terms) follows the contract's echo rule.
 */
function answerOf(args: SearchArgs, ask: SearchAsk, answer: SearchAnswer, publicBaseUrl: string) {
	const results = answer.results.map((r) => resultOf(r, publicBaseUrl));
	const nextOffset = ask.offset + results.length;
	const among = answer.rankedAmong;
	return {
		query: ask.query,
		filters: { ...filtersShown(ask), platform: args.platform ?? null },
		match_mode: answer.mode,
		query_truncated: answer.queryTruncated,
		interpreted_as: answer.interpretedAs.map((t) => ({ ...t, term: echoed(t.term) })),
		terms_left_out: answer.termsLeftOut.map((l) => ({ term: echoed(l.term), reason: l.reason })),
		ranked_among:
			among === null
				? null
				: { sources: among.sources, order: among.order, word: among.word, computed_at: among.computedAt },
		total_estimate: answer.total,
		offset: ask.offset,
		limit: ask.limit,
		next_offset:
			results.length === ask.limit && nextOffset < answer.total && nextOffset <= SEARCH_OFFSET_MAX
				? nextOffset
				: null,
		results,
		public_boundary: PUBLIC_BOUNDARY,
	};
}

export async function answerSearch(args: SearchArgs, { db, publicBaseUrl }: ToolContext) {
	const ask = askOf(args);
	const answer = await search(db, ask).catch((error: unknown) => {
		if (!(error instanceof UnsearchableQuery)) throw error;
		throw new ToolError(
			'query has no searchable words (only punctuation, symbols or spaces). Give at least one word or number, e.g. "AI search".',
		);
	});
	const structured = answerOf(args, ask, answer, publicBaseUrl);
	const lines = structured.results.map((r) => `${r.rank}. ${citeLine(r)}`);
	return { text: [oneLine(answer.heading), ...lines].join("\n"), structured };
}

export const searchSourcesTool = defineTool({
	name: "search_sources",
	title: "Search public sources",
	guidance: { step: "start" },
	startingArguments: { query: "AI search" },
	description:
		"Full-text search over the public Base2026 collection of short-form SEO and AI search practitioner videos. Returns distinct sources ranked by relevance (sources holding the words together first, then BM25), each with its best-matching passage as a bounded excerpt, the creator, the original URL and the Base2026 source page URL. Filter by creator_handle, topic_id or platform; page with limit and offset. Follow a hit with get_source for its passages and applied evidence cards.",
	input: Input,
	output: Output,
	run: answerSearch,
	cost: (args) => predictSearchMs(askOf(args)),
});
