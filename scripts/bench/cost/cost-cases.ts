/**
 * Every request shape whose database cost is counted (test/workers/bench/edge-cost.test.ts holds the bounds
 * on the sample; `npm run bench:cost` prints the same table at 1,000 / 10,000 / 100,000 sources):
 * each tool, resource, prompt, completion and page, every filter, and the worst search shapes.
 * `maxDepth` is the bound on round trips that wait on an earlier one, once the isolate's copies are
 * loaded (a cold isolate makes one more, in parallel with nothing: the copy's own load).
 *
 * Pure TypeScript with no Node imports: the Workers tests use it too.
 */
import { FIXTURES } from "../../corpus/generate";
import { CURATED_CREATORS } from "../../corpus/vocabulary";
import {
	type BenchRequest,
	mcpRequest,
	SEARCH_CASES,
	type SearchCase,
	toolCall,
	WORST_SEARCH_CASES,
} from "../lib/requests";

export interface CostCase {
	label: string;
	/** "search" cases are the ones the rows-read targets are taken over. */
	kind: "metadata" | "read" | "search" | "page";
	request: BenchRequest | { label: string; method: "GET"; path: string };
	maxDepth: number;
	/** At most this many round trips in all; unset: only the depth is bounded. */
	maxRoundTrips?: number;
	/** A search of the fixed set (its kind), or of the worst shapes. */
	searchKind?: SearchCase["kind"] | "worst";
}

const SAM = (CURATED_CREATORS[0] as { handle: string }).handle;
const TOPIC = FIXTURES.aiOverviews.topic_id;
const SOURCE = FIXTURES.manyPassagesSource.source_id;

const read = (label: string, request: BenchRequest): CostCase => ({
	label,
	kind: "read",
	request,
	maxDepth: 1,
});
const metadata = (label: string, request: BenchRequest): CostCase => ({
	label,
	kind: "metadata",
	request,
	maxDepth: 0,
});
const resource = (uri: string) => mcpRequest(`resources/read ${uri}`, "resources/read", { uri });
const complete = (ref: Record<string, unknown>, name: string, value: string) =>
	mcpRequest(`completion/complete ${name}=${value}`, "completion/complete", {
		ref,
		argument: { name, value },
	});
const prompt = (name: string, args: Record<string, string>) =>
	mcpRequest(`prompts/get ${name}`, "prompts/get", { name, arguments: args });

export const COST_CASES = (): CostCase[] => [
	metadata("server/discover", mcpRequest("server/discover", "server/discover")),
	metadata("tools/list", mcpRequest("tools/list", "tools/list")),
	metadata("prompts/list", mcpRequest("prompts/list", "prompts/list")),
	metadata("resources/templates/list", mcpRequest("resources/templates/list", "resources/templates/list")),
	metadata("get_topic_signal", toolCall("get_topic_signal", "get_topic_signal", { topic_id: TOPIC })),
	metadata("get_public_manifest", toolCall("get_public_manifest", "get_public_manifest", {})),
	read("get_topic", toolCall("get_topic", "get_topic", { topic_id: TOPIC })),
	read("get_topic (unknown id)", toolCall("get_topic", "get_topic", { topic_id: "ai-overveiws" })),
	read("get_source (id)", toolCall("get_source", "get_source", { source_id: SOURCE })),
	read("get_source (unknown)", toolCall("get_source", "get_source", { source_id: "src_nosuchsource" })),
	read("get_creator", toolCall("get_creator", "get_creator", { handle: SAM })),
	read("get_creator (typo)", toolCall("get_creator", "get_creator", { handle: `${SAM}x` })),
	read("resources/list", mcpRequest("resources/list", "resources/list")),
	read("resources/read manifest", resource("base2026://manifest")),
	read("resources/read topic", resource(`base2026://topics/${TOPIC}`)),
	read("resources/read creator", resource(`base2026://creators/${SAM}`)),
	read("resources/read source", resource(`base2026://sources/${SOURCE}`)),
	read("prompts/get research_topic", prompt("research_topic", { topic_id: TOPIC })),
	read(
		"prompts/get check_claim",
		prompt("check_claim", { claim: "AI Overviews cut clicks", topic_id: TOPIC }),
	),
	read("prompts/get brief_creator", prompt("brief_creator", { handle: SAM })),
	read("completion topic_id", complete({ type: "ref/prompt", name: "research_topic" }, "topic_id", "ai")),
	read("completion handle", complete({ type: "ref/prompt", name: "brief_creator" }, "handle", "s")),
	read(
		"completion source_id",
		complete({ type: "ref/resource", uri: "base2026://sources/{source_id}" }, "source_id", "src_"),
	),
	read(
		"completion source title",
		complete({ type: "ref/resource", uri: "base2026://sources/{source_id}" }, "source_id", "AI"),
	),
	...[...SEARCH_CASES, ...WORST_SEARCH_CASES.map((c) => ({ ...c, kind: "worst" as const }))].map(
		(c): CostCase => ({
			label: `search ${c.label}`,
			kind: "search",
			request: toolCall(`search ${c.label}`, "search_sources", c.args),
			maxDepth: 2,
			searchKind: c.kind,
		}),
	),
	{
		label: "source page (cache hit)",
		kind: "page",
		request: { label: "source page", method: "GET", path: `/sources/${SOURCE}` },
		maxDepth: 1,
		maxRoundTrips: 1,
	},
];
