/**
 * The instructions of server/discover and initialize: how agents must use what this server returns.
 * Every tool, prompt, resource URI and limit they name is read from its registry or constant (each
 * tool says where it stands in the workflow: its `guidance`), so a new tool, a rename or a new bound
 * changes them too; test/workers/docs/stated-facts.test.ts checks that every tool and prompt is named.
 */
import { MAX_BATCH_MESSAGES, MAX_CARDS, MAX_PASSAGES, RATE_LIMIT } from "../limits";
import { PROMPTS } from "../prompts/registry";
import { MANIFEST_URI, URI_TEMPLATES } from "../resources/uris";
import { inWords } from "../text/in-words";
import { PUBLIC_BOUNDARY } from "../tools/constants";
import { getTopicSignalTool } from "../tools/get-topic-signal";
import { TOOL_DESCRIPTORS, TOOLS } from "../tools/registry";
import { searchSourcesTool } from "../tools/search-sources";
import { SERVER_INFO } from "./server-info";

/** "1-20": the bounds search_sources publishes for one of its arguments, as tools/list sends them. */
function searchRange(argument: "limit" | "offset"): string {
	const search = TOOL_DESCRIPTORS.find((tool) => tool.name === searchSourcesTool.name);
	const properties = (search?.inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
	const { minimum, maximum } = properties[argument] ?? {};
	if (typeof minimum !== "number" || typeof maximum !== "number")
		throw new Error(`search_sources publishes no ${argument} range`);
	return `${minimum}-${maximum}`;
}

const rateWindow = RATE_LIMIT.periodSeconds === 60 ? "minute" : `${RATE_LIMIT.periodSeconds} seconds`;
const [originalUrl, sourcePageUrl] = PUBLIC_BOUNDARY.cite;

// The workflow sentence: each tool says where it stands in it (its guidance), in registry order.
const starts = TOOLS.flatMap(({ name, guidance: g }) => (g.step === "start" ? [name] : []));
const follows = TOOLS.flatMap(({ name, guidance: g }) =>
	g.step === "follow" ? [g.yields === undefined ? name : `${name} (${g.yields})`] : [],
);
const overviews = TOOLS.flatMap(({ name, guidance: g }) =>
	g.step === "overview" ? [`${name} ${g.does}.`] : [],
);
const workflow = [
	`Start with ${inWords(starts, "or")}, then follow a hit with ${inWords(follows, "or")}.`,
	...overviews,
].join(" ");

export const INSTRUCTIONS = [
	`${SERVER_INFO.title}: read-only, keyless research over a curated public collection of short-form practitioner videos (TikTok, YouTube Shorts, Instagram Reels) about SEO and AI search.`,
	workflow,
	"Only public, published records are served: no unpublished or removed sources, no unreviewed cards, no raw captions or ASR, no media, no private data.",
	`Every source, creator and topic, and the manifest, is also a resource (${URI_TEMPLATES.source}, ${URI_TEMPLATES.creator}, ${URI_TEMPLATES.topic}, ${MANIFEST_URI}); the prompts ${inWords(PROMPTS.map((p) => p.name))} start a well-formed task.`,
	`Cite every source you use with both its ${originalUrl} and its ${sourcePageUrl}.`,
	`Do not present a result as a real-time ranking, a complete corpus, a full transcript or independent confirmation of a creator's claim; ${getTopicSignalTool.name} is a deterministic evidence gate, not a trend.`,
	`Limits: ${RATE_LIMIT.requests} JSON-RPC messages per ${rateWindow} per client (each message of a batch counts; batches hold at most ${MAX_BATCH_MESSAGES}), search limit ${searchRange("limit")} and offset ${searchRange("offset")}, at most ${MAX_PASSAGES} passages and ${MAX_CARDS} cards per source.`,
].join("\n");
