/**
 * Every fact the human pages state (the endpoint, versions, limits, bounds, counts, names), read
 * once from the constants and registries the server enforces. Both languages' texts (src/pages/text/)
 * take their facts from here and from nowhere else, so the Spanish and the English page cannot state
 * different limits, and neither can drift from the code (test/workers/pages/languages.test.ts).
 */
import { CREATOR_TOPICS_LIMIT } from "../../data/counts";
import { CREATOR_SAMPLE_SOURCES } from "../../data/creators";
import { GATE_NAMES, SIGNAL_THRESHOLDS } from "../../data/signal-gates";
import { TOPIC_SAMPLE_CREATORS, TOPIC_SAMPLE_INSIGHTS, TOPIC_SAMPLE_SOURCES } from "../../data/topics";
import { AI_CATALOG_PATH, GUIDE_PATH, MCP_PATH, SERVER_CARD_PATH } from "../../http/paths";
import {
	COMPLETION_MAX_VALUES,
	COSTLY_REQUEST,
	DATABASE_GATE,
	LIMITER_RETRY_SECONDS,
	MAX_ANSWER_BYTES,
	MAX_BATCH_MESSAGES,
	MAX_BODY_BYTES,
	MAX_CARDS,
	MAX_PASSAGES,
	MAX_READ_BYTES,
	PAGE_RATE_LIMIT,
	RATE_LIMIT,
	RESOURCE_PAGE_SIZE,
} from "../../limits";
import { LEGACY_ONLY_METHODS } from "../../mcp/errors";
import { Header } from "../../mcp/headers";
import { ErrorCode } from "../../mcp/jsonrpc";
import { methodsOf } from "../../mcp/methods";
import { MetaKey } from "../../mcp/modern";
import { SERVER_INFO } from "../../mcp/server-info";
import {
	BATCH_VERSION,
	LEGACY_FALLBACK_VERSION,
	LEGACY_HEADERLESS_VERSION,
	LEGACY_VERSIONS,
	MODERN_VERSION,
} from "../../mcp/versions";
import { PROMPT_DESCRIPTORS } from "../../prompts/registry";
import { SHARED_EGRESS } from "../../ratelimit/shared-egress";
import { MANIFEST_URI } from "../../resources/uris";
import {
	ANY_TERM_WEIGHTLESS_MAX,
	CROWDED_POOL,
	MAX_PHRASE_WORDS,
	MAX_QUERY_PHRASES,
	MAX_QUERY_TERMS,
	MAX_QUERY_TOKENS,
	MAX_TERM_TOKENS,
	SEARCH_TUNING,
} from "../../search/search";
import { PLATFORMS, PUBLIC_BOUNDARY } from "../../tools/constants";
import { TOOL_DESCRIPTORS } from "../../tools/registry";
import { searchArgument } from "./tool-arguments";

/**
 * Stand for origins in a prebuilt page and survive HTML escaping unchanged: ORIGIN for the public
 * one (PUBLIC_BASE_URL: every address, link and citation), ENDPOINT_ORIGIN for the one the page's
 * commands connect to (the public one, or a loopback origin the page was opened at: guideOrigins).
 */
export const ORIGIN = "__BASE2026_ORIGIN__";
export const ENDPOINT_ORIGIN = "__BASE2026_ENDPOINT_ORIGIN__";

const limit = searchArgument("limit");
const offset = searchArgument("offset");

export const FACTS = {
	origin: ORIGIN,
	endpoint: `${ENDPOINT_ORIGIN}${MCP_PATH}`,
	mcpPath: MCP_PATH,
	guidePath: GUIDE_PATH,
	serverCardUrl: `${ORIGIN}${SERVER_CARD_PATH}`,
	catalogUrl: `${ORIGIN}${AI_CATALOG_PATH}`,
	server: SERVER_INFO,
	modernVersion: MODERN_VERSION,
	legacyVersions: LEGACY_VERSIONS,
	/** initialize's answer to a version it does not speak, and what a request without the header speaks. */
	legacyFallback: LEGACY_FALLBACK_VERSION,
	legacyHeaderless: LEGACY_HEADERLESS_VERSION,
	batchVersion: BATCH_VERSION,
	legacyOnlyMethods: LEGACY_ONLY_METHODS,
	/** The methods whose Mcp-Name repeats a name or URI of their params (the method table's `named`). */
	namedMethods: methodsOf("modern").flatMap((m) => (m.named === undefined ? [] : [m.method])),
	headers: Header,
	metaKeys: MetaKey,
	rate: RATE_LIMIT,
	/** The hosted platforms' published egress ranges, each served as one client with its own budget. */
	platformRanges: SHARED_EGRESS.flatMap(({ publisher, ranges, requests }) =>
		ranges.map((range) => ({ range, publisher, requests })),
	),
	/** The database gate's lanes: what every client's searches together may take of its time. */
	gate: DATABASE_GATE,
	pageRate: PAGE_RATE_LIMIT,
	limiterRetrySeconds: LIMITER_RETRY_SECONDS,
	costly: COSTLY_REQUEST,
	bodyBytes: MAX_BODY_BYTES,
	bodyKiB: MAX_BODY_BYTES / 1024,
	batchMessages: MAX_BATCH_MESSAGES,
	answerKiB: MAX_ANSWER_BYTES / 1024,
	readBytes: MAX_READ_BYTES,
	readKiB: MAX_READ_BYTES / 1024,
	resourcePageSize: RESOURCE_PAGE_SIZE,
	completionMax: COMPLETION_MAX_VALUES,
	passages: MAX_PASSAGES,
	cards: MAX_CARDS,
	search: {
		limitMin: limit.minimum,
		limitMax: limit.maximum,
		limitDefault: String(limit.default),
		offsetMin: offset.minimum,
		offsetMax: offset.maximum,
		offsetDefault: String(offset.default),
	},
	/** What a query may hold, and how a crowded match is ranked (search_sources' own description). */
	query: {
		terms: MAX_QUERY_TERMS,
		words: MAX_QUERY_TOKENS,
		termWords: MAX_TERM_TOKENS,
		phrases: MAX_QUERY_PHRASES,
		phraseWords: MAX_PHRASE_WORDS,
		crowdedPool: CROWDED_POOL,
		anyTermWeightless: ANY_TERM_WEIGHTLESS_MAX,
		adjacentPhrases: SEARCH_TUNING.adjacentPhrases,
	},
	samples: {
		creatorSources: CREATOR_SAMPLE_SOURCES,
		creatorTopics: CREATOR_TOPICS_LIMIT,
		topicSources: TOPIC_SAMPLE_SOURCES,
		topicCreators: TOPIC_SAMPLE_CREATORS,
		topicInsights: TOPIC_SAMPLE_INSIGHTS,
	},
	/** The evidence gate's thresholds, in the gate's order. */
	signalGates: GATE_NAMES.map((gate) => ({ gate, min: SIGNAL_THRESHOLDS[gate] })),
	platforms: PLATFORMS,
	toolCount: TOOL_DESCRIPTORS.length,
	promptCount: PROMPT_DESCRIPTORS.length,
	manifestUri: MANIFEST_URI,
	cite: PUBLIC_BOUNDARY.cite,
	codes: ErrorCode,
	sourcePagePattern: `${ORIGIN}/sources/{source_id}`,
} as const;
