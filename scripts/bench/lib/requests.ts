/**
 * The MCP requests the benchmarks send: modern-era (2026-07-28) JSON-RPC POSTs with the headers the
 * spec requires, built once as bytes so the load generator only replays them.
 */
import { namedParam } from "../../../src/mcp/methods";
import { MODERN_VERSION } from "../../../src/mcp/versions";
import { FIXTURES } from "../../corpus/generate";
import { CURATED_CREATORS } from "../../corpus/vocabulary";

export interface BenchRequest {
	/** A short label for tables. */
	label: string;
	method: "POST";
	path: string;
	headers: Record<string, string>;
	body: string;
}

/** 198.18.0.0/15 is set aside for benchmarks (RFC 2544); the bench environment's budget is huge. */
const BENCH_IDENTITY = "198.18.0.1";

export function mcpRequest(
	label: string,
	method: string,
	params: Record<string, unknown> = {},
	identity: string = BENCH_IDENTITY,
): BenchRequest {
	const headers: Record<string, string> = {
		"content-type": "application/json",
		accept: "application/json, text/event-stream",
		"mcp-protocol-version": MODERN_VERSION,
		"mcp-method": method,
		"cf-connecting-ip": identity,
	};
	// Mcp-Name repeats the params member the method table names (ASCII here, so no Base64 form).
	const param = namedParam(method);
	if (param !== undefined && params[param] !== undefined) headers["mcp-name"] = String(params[param]);
	const body = JSON.stringify({
		jsonrpc: "2.0",
		id: 1,
		method,
		params: {
			...params,
			_meta: {
				"io.modelcontextprotocol/protocolVersion": MODERN_VERSION,
				"io.modelcontextprotocol/clientCapabilities": {},
			},
		},
	});
	return { label, method: "POST", path: "/api/mcp", headers, body };
}

export const toolCall = (label: string, name: string, args: Record<string, unknown>) =>
	mcpRequest(label, "tools/call", { name, arguments: args });

/** The largest general topic: the worst case for a live count, strong at every corpus size. */
const SIGNAL_TOPIC = FIXTURES.aiOverviews.topic_id;

const SAM = (CURATED_CREATORS[0] as { handle: string }).handle; // many sources at every size
const ELI = (CURATED_CREATORS[15] as { handle: string }).handle; // owns src_fixlong: every rare word
const [RARE_A = "quokka", RARE_B = "zeugma"] = FIXTURES.vocabulary.rare;

export const topicSignalRequest = () =>
	toolCall("get_topic_signal", "get_topic_signal", { topic_id: SIGNAL_TOPIC });

export const topicRequest = () => toolCall("get_topic", "get_topic", { topic_id: SIGNAL_TOPIC });

export interface SearchCase {
	label: string;
	kind: "common" | "rare" | "common+filter" | "rare+filter";
	args: Record<string, unknown>;
}

/** The fixed search set: common and rare terms, with and without each filter, limits 5 and 20. */
export const SEARCH_CASES: SearchCase[] = [
	{ label: "seo", kind: "common", args: { query: "seo" } },
	{ label: "seo limit 20", kind: "common", args: { query: "seo", limit: 20 } },
	{ label: "AI search", kind: "common", args: { query: "AI search" } },
	{ label: "AI search limit 20", kind: "common", args: { query: "AI search", limit: 20 } },
	{ label: "content", kind: "common", args: { query: "content" } },
	{ label: "content limit 20", kind: "common", args: { query: "content", limit: 20 } },
	{ label: RARE_A, kind: "rare", args: { query: RARE_A } },
	{ label: `${RARE_B} limit 20`, kind: "rare", args: { query: RARE_B, limit: 20 } },
	{ label: `seo creator @${SAM}`, kind: "common+filter", args: { query: "seo", creator_handle: SAM } },
	{
		label: `AI search topic ${SIGNAL_TOPIC}`,
		kind: "common+filter",
		args: { query: "AI search", topic_id: SIGNAL_TOPIC },
	},
	{
		label: "content platform instagram_reels limit 20",
		kind: "common+filter",
		args: { query: "content", platform: "instagram_reels", limit: 20 },
	},
	{
		label: "seo topic llm-citations (5 sources)",
		kind: "common+filter",
		args: { query: "seo", topic_id: FIXTURES.topics.llmCitations.topic_id },
	},
	{ label: `${RARE_A} creator @${ELI}`, kind: "rare+filter", args: { query: RARE_A, creator_handle: ELI } },
	{
		label: `${RARE_B} platform tiktok limit 20`,
		kind: "rare+filter",
		args: { query: RARE_B, platform: "tiktok", limit: 20 },
	},
];

/**
 * The worst shapes found within the argument limits, counted by bench:cost through the whole answer:
 * many common words with one absent word, a 500-character hyphenated phrase, phrases of common words
 * found nowhere, the deepest offsets, and a common word with each filter at limit 20.
 */
export const SPANISH_VOCABULARY_QUERY =
	"tasa de clics experiencia, pericia, autoridad y confianza página de resultados de búsqueda optimización para motores generativos optimización para motores de respuesta Herramientas para webmasters de Google comercio electrónico";
const COMMON_WORDS =
	"seo content google search ai ranking pages traffic links answers site data results tool users";
export const WORST_SEARCH_CASES: { label: string; args: Record<string, unknown> }[] = [
	{
		label: "23 common words + 1 absent word",
		args: { query: `${COMMON_WORDS} page rank keyword citation cited strategy guide xyzzyplugh`, limit: 20 },
	},
	{
		label: "23 common words, never all together",
		args: { query: `${COMMON_WORDS} page rank keyword citation cited strategy guide quokka`, limit: 20 },
	},
	{
		label: "500-character phrase of one repeated pair (ai-search-ai-…)",
		args: { query: "ai-search-".repeat(50).slice(0, 500), limit: 20 },
	},
	{
		label: "500-character hyphenated phrase",
		args: { query: COMMON_WORDS.replaceAll(" ", "-").repeat(6).slice(0, 500), limit: 20 },
	},
	{
		label: "500-character quoted phrase",
		args: { query: `"${COMMON_WORDS.repeat(6).slice(0, 498)}"`, limit: 20 },
	},
	{
		label: "three phrases of common words found nowhere (32 words)",
		args: {
			query:
				"ai-seo-ai-seo-ai-seo-ai-seo-ai-seo-ai-seo seo-ai-seo-ai-seo-ai-seo-ai-seo-ai-seo-ai ai-seo-ai-seo-ai-seo-ai-seo",
			limit: 20,
		},
	},
	{
		label: "a common phrase and two common words",
		args: { query: '"ai search" seo content', limit: 20 },
	},
	{ label: "seo offset 1000", args: { query: "seo", offset: 1000, limit: 20 } },
	// The pool walked to its end twice: a crowded match, a topic few of its pooled sources are on, the deepest page.
	{
		label: "AI search topic ai-overviews offset 1000 limit 20",
		args: { query: "AI search", topic_id: "ai-overviews", offset: 1000, limit: 20 },
	},
	// A crowded word FTS5 cannot pool (its token is stemmed again when queried): its most recently added matches stand in.
	{ label: "because (a crowded word without a pool)", args: { query: "because", limit: 20 } },
	{ label: "AI search offset 980 limit 20", args: { query: "AI search", offset: 980, limit: 20 } },
	// Four common words: their phrase is nowhere, so a deep page looks up a thousand pooled sources.
	{
		label: "four common words offset 980 limit 20",
		args: { query: "ai search seo content", offset: 980, limit: 20 },
	},
	// A crowded match on a topic few of its pooled sources are on: the match is read once as a set.
	{
		label: "four common words topic ai-crawlers limit 20",
		args: { query: "ai search seo content", topic_id: "ai-crawlers", limit: 20 },
	},
	{
		label: "AI search topic agentic-search limit 20",
		args: { query: "AI search", topic_id: "agentic-search", limit: 20 },
	},
	// Many common words at the deepest page: every pooled source looked up, the match too large to
	// read once as a set (the costliest D1 time found, issue 20's note).
	{
		label: "seven common words platform tiktok offset 980 limit 20",
		args: { query: "seo content ai search google ranking pages", platform: "tiktok", offset: 980, limit: 20 },
	},
	{
		label: "eleven common words offset 980 limit 20",
		args: {
			query: "seo content ai search google ranking pages traffic links answers site",
			offset: 980,
			limit: 20,
		},
	},
	// A topic and a platform: the most rows found (the match read as a set, then the words adjacent
	// looked up through the whole pool), and many common words ranked whole (every phrase read).
	{
		label: "AI search topic ai-overviews platform tiktok offset 980 limit 20",
		args: { query: "AI search", topic_id: "ai-overviews", platform: "tiktok", offset: 980, limit: 20 },
	},
	{
		label: "eleven common words topic ai-overviews platform tiktok offset 980 limit 20",
		args: {
			query: "seo content ai search google ranking pages traffic links answers site",
			topic_id: "ai-overviews",
			platform: "tiktok",
			offset: 980,
			limit: 20,
		},
	},
	// A Spanish question of the vocabulary's forms whose English forms have the most spellings: each is
	// searched as its English form (src/search/query/terms.ts), 27 spellings in seven terms.
	{
		label: "seven Spanish vocabulary forms (CTR, E-E-A-T, SERP, GEO, AEO, GSC, e-commerce) limit 20",
		args: { query: SPANISH_VOCABULARY_QUERY, limit: 20 },
	},
	{ label: `seo creator @${SAM} limit 20`, args: { query: "seo", creator_handle: SAM, limit: 20 } },
	{
		label: `content topic ${SIGNAL_TOPIC} limit 20`,
		args: { query: "content", topic_id: SIGNAL_TOPIC, limit: 20 },
	},
	{
		label: "AI search platform youtube_shorts limit 20",
		args: { query: "AI search", platform: "youtube_shorts", limit: 20 },
	},
	// Issue 33's hostile pass: every field acronym at the deepest page (each expands into its group's
	// spellings; no source holds them all, so the any-word search runs too), a term of six spellings
	// beside a word, two such terms adjacent, a quoted pair of common words, stop words among common words.
	{
		label: "24 field acronyms offset 1000 limit 20",
		args: {
			query:
				"AIO SGE GEO AEO SXO SERP CTR EEAT E-A-T LLM PAA KD CWV LCP INP CLS GSC GA4 YMYL RAG SSR CSR SEO PPC",
			offset: 1000,
			limit: 20,
		},
	},
	{
		label: "24 field acronyms platform tiktok offset 1000 limit 20",
		args: {
			query:
				"AIO SGE GEO AEO SXO SERP CTR EEAT E-A-T LLM PAA KD CWV LCP INP CLS GSC GA4 YMYL RAG SSR CSR SEO PPC",
			platform: "tiktok",
			offset: 1000,
			limit: 20,
		},
	},
	{ label: "EEAT separately offset 20 limit 20", args: { query: "EEAT separately", offset: 20, limit: 20 } },
	{ label: "EEAT CTR offset 980 limit 20", args: { query: "EEAT CTR", offset: 980, limit: 20 } },
	{
		label: "a quoted pair of common words offset 980 limit 20",
		args: { query: '"ai search" "seo content"', offset: 980, limit: 20 },
	},
	// More quoted pairs of common words at a deep page, with filters and without: a third pair is
	// searched as its separate words (two phrases at most), so its words are counted and looked up too.
	{
		label: "three quoted pairs of common words offset 980 limit 20",
		args: { query: '"ai search" "seo content" "google ranking"', offset: 980, limit: 20 },
	},
	{
		label: "a quoted pair of common words topic ai-overviews platform tiktok offset 980 limit 20",
		args: {
			query: '"ai search" "seo content"',
			topic_id: "ai-overviews",
			platform: "tiktok",
			offset: 980,
			limit: 20,
		},
	},
	{
		label: "three quoted pairs of common words topic ai-overviews offset 980 limit 20",
		args: {
			query: '"ai search" "seo content" "google ranking"',
			topic_id: "ai-overviews",
			offset: 980,
			limit: 20,
		},
	},
	// A quoted phrase of two common words held by three to four pools' worth of sources, beside a
	// common word, at a deep page: crowded, its match small enough to read once as a set, so the set
	// is read, its pool walked against it, then the rest (the most rows read found).
	{
		label: "a common phrase held by about four pools and a common word offset 980 limit 20",
		args: { query: '"start with" content', offset: 980, limit: 20 },
	},
	{
		label: "stop words among common words offset 980 limit 20",
		args: { query: "how to do seo for the content of the google search ranking", offset: 980, limit: 20 },
	},
];
