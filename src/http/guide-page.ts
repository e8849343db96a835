/**
 * GET /mcp: the human guide beside the endpoint. Everything a person needs to judge and wire up the
 * server: what it is, how to connect, the tools with their real schemas, the resources and prompts, the limits, the citation
 * rules, the protocol, and a live explorer that sends real requests.
 *
 * The tool sections are rendered from TOOL_DESCRIPTORS (the JSON Schemas tools/list sends, derived
 * from the valibot schemas) and the limits from the constants the code enforces, so the page cannot
 * drift from the server. The page is built once per isolate with a placeholder for the origin; a
 * request only substitutes its own origin into the commands.
 */

import { SIGNAL_THRESHOLDS } from "../data/signal-gates";
import {
	COMPLETION_MAX_VALUES,
	MAX_ANSWER_BYTES,
	MAX_BATCH_MESSAGES,
	MAX_BODY_BYTES,
	MAX_CARDS,
	MAX_PASSAGES,
	MAX_READ_BYTES,
	PAGE_RATE_LIMIT,
	RATE_LIMIT,
	RESOURCE_PAGE_SIZE,
} from "../limits";
import { type CataloguedError, ERROR_CATALOGUE } from "../mcp/errors";
import { Header } from "../mcp/headers";
import { INSTRUCTIONS } from "../mcp/instructions";
import { ErrorCode } from "../mcp/jsonrpc";
import { methodsOf } from "../mcp/methods";
import { MetaKey } from "../mcp/modern";
import type { Era } from "../mcp/reply";
import { RESOURCE_TEMPLATES } from "../mcp/resource-methods";
import { SERVER_INFO } from "../mcp/server-info";
import { LEGACY_VERSIONS, MODERN_VERSION } from "../mcp/versions";
import { PROMPT_DESCRIPTORS, PROMPTS } from "../prompts/registry";
import { MANIFEST_URI, MAX_URI_CHARS } from "../resources/uris";
import { PUBLIC_BOUNDARY } from "../tools/constants";
import { type JsonSchema, jsonSchemaOf, TOOL_DESCRIPTORS, type ToolDescriptor } from "../tools/registry";
import { AI_CATALOG_PATH, SERVER_CARD_PATH } from "./discovery-pages";
import {
	EXPLORER_SCRIPT,
	MCP_PATH,
	PROMPT_GET_PREFIX,
	RESOURCE_READ,
	TOOL_CALL_PREFIX,
} from "./explorer-script";
import { codeBlock, escapeHtml, type Html, html, htmlResponse, inWords, renderPage } from "./html";

/** Stands for the request's origin in the prebuilt page; survives HTML escaping unchanged. */
const ORIGIN = "__BASE2026_ORIGIN__";
const ENDPOINT = `${ORIGIN}${MCP_PATH}`;

/** Seconds a browser or the edge may keep the guide. */
const GUIDE_CACHE_SECONDS = 300;

// ---------------------------------------------------------------------------------------------------
// Arguments, read from the JSON Schemas tools/list publishes

export interface ArgumentSpec {
	name: string;
	type: string;
	required: boolean;
	description?: string;
	default?: unknown;
	minimum?: number;
	maximum?: number;
	minLength?: number;
	maxLength?: number;
	enum?: readonly string[];
}

const asNumber = (value: unknown): number | undefined => (typeof value === "number" ? value : undefined);

/** The arguments of one tool, in schema order, with what the schema says about each. */
function argumentSpecs(inputSchema: JsonSchema): ArgumentSpec[] {
	const properties = (inputSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
	const required = new Set((inputSchema.required ?? []) as string[]);
	return Object.entries(properties).map(([name, schema]) => ({
		name,
		type: typeof schema.type === "string" ? schema.type : "value",
		required: required.has(name),
		description: typeof schema.description === "string" ? schema.description : undefined,
		default: schema.default,
		minimum: asNumber(schema.minimum),
		maximum: asNumber(schema.maximum),
		minLength: asNumber(schema.minLength),
		maxLength: asNumber(schema.maxLength),
		enum: Array.isArray(schema.enum) ? schema.enum.map(String) : undefined,
	}));
}

const range = (low: number | undefined, high: number | undefined): string | undefined =>
	low !== undefined && high !== undefined
		? `${low}–${high}`
		: low !== undefined
			? `at least ${low}`
			: high !== undefined
				? `at most ${high}`
				: undefined;

/** "integer, 1–20, default 5" or "string, 1–500 characters" or "one of tiktok, …". */
function boundsText(arg: ArgumentSpec): string {
	const parts = [arg.type];
	if (arg.enum) parts.push(`one of ${arg.enum.join(", ")}`);
	const values = range(arg.minimum, arg.maximum);
	if (values) parts.push(values);
	const length = range(arg.minLength, arg.maxLength);
	if (length) parts.push(`${length} characters`);
	if (arg.default !== undefined) parts.push(`default ${JSON.stringify(arg.default)}`);
	return parts.join(", ");
}

function searchBounds(name: "limit" | "offset"): ArgumentSpec {
	const search = TOOL_DESCRIPTORS.find((tool) => tool.name === "search_sources");
	const spec = search && argumentSpecs(search.inputSchema).find((arg) => arg.name === name);
	if (!spec) throw new Error(`search_sources has no ${name} argument`);
	return spec;
}

// ---------------------------------------------------------------------------------------------------
// Sections

const modernMeta = { [MetaKey.ProtocolVersion]: MODERN_VERSION, [MetaKey.ClientCapabilities]: {} };

/** A copy-paste curl command for one 2026-07-28 request: the headers repeat what the body says. */
function curlCommand(method: string, params: Record<string, unknown> = {}): string {
	const name =
		typeof params.name === "string" ? params.name : typeof params.uri === "string" ? params.uri : undefined;
	const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: { ...params, _meta: modernMeta } });
	const headers = [
		"Content-Type: application/json",
		`${Header.ProtocolVersion}: ${MODERN_VERSION}`,
		`${Header.Method}: ${method}`,
		...(name === undefined ? [] : [`${Header.Name}: ${name}`]),
	];
	return [`curl -sS ${ENDPOINT} \\`, ...headers.map((h) => `  -H '${h}' \\`), `  -d '${body}'`].join("\n");
}

function introSection(): Html {
	return html`<h1>Base2026 Public MCP</h1>
<p class="lead">A free, keyless, read-only <a href="https://modelcontextprotocol.io/">Model Context Protocol</a> server that gives AI agents bounded, attributable evidence from a curated collection of short-form practitioner videos (TikTok, YouTube Shorts, Instagram Reels) about SEO and AI search: sources, their creators, topics, public transcript passages and applied evidence cards.</p>
<dl class="facts">
<dt>Endpoint</dt><dd><code>${ENDPOINT}</code></dd>
<dt>Transport</dt><dd>Streamable HTTP, stateless: <code>POST</code> only, <code>application/json</code> responses, no sessions and no server-sent events.</dd>
<dt>Protocol</dt><dd><code>${MODERN_VERSION}</code> (per request, <code>server/discover</code>); ${LEGACY_VERSIONS.map((v, i) => html`${i > 0 ? ", " : ""}<code>${v}</code>`)} after <code>initialize</code>.</dd>
<dt>Access</dt><dd>No key, no sign-up. ${RATE_LIMIT.requests} JSON-RPC messages per minute per client.</dd>
<dt>Server</dt><dd><code>${SERVER_INFO.name}</code> ${SERVER_INFO.version}</dd>
<dt>Discovery</dt><dd>The <a href="${ORIGIN}${SERVER_CARD_PATH}" data-discovery="server-card">Server Card</a> and the <a href="${ORIGIN}${AI_CATALOG_PATH}" data-discovery="catalog">AI Catalog</a> that lists it, for clients that find servers before they connect.</dd>
</dl>`;
}

function connectSection(): Html {
	const mcpJson = JSON.stringify({ mcpServers: { base2026: { type: "http", url: ENDPOINT } } }, null, 2);
	return html`<section aria-labelledby="connect"><h2 id="connect">Connect</h2>
<p>Add the server to your agent. No headers or keys are needed.</p>
<h3>Claude Code</h3>
${codeBlock(`claude mcp add --transport http base2026 ${ENDPOINT}`, "the Claude Code command")}
<p>Or commit it to your project in <code>.mcp.json</code>:</p>
${codeBlock(mcpJson, "the .mcp.json file")}
<h3>Codex</h3>
${codeBlock(`codex mcp add base2026 --url ${ENDPOINT}`, "the Codex command")}
<p>Or add it to <code>~/.codex/config.toml</code>:</p>
${codeBlock(`[mcp_servers.base2026]\nurl = "${ENDPOINT}"`, "the Codex config.toml lines")}
<h3>Any other client, or curl</h3>
<p>Point any client that speaks Streamable HTTP at <code>${ENDPOINT}</code>. With curl, discover the server:</p>
${codeBlock(curlCommand("server/discover"), "the server/discover curl command")}
<p>call a tool:</p>
${codeBlock(curlCommand("tools/call", { name: "search_sources", arguments: { query: "AI search", limit: 3 } }), "the tools/call curl command")}
<p>or read a resource:</p>
${codeBlock(curlCommand("resources/read", { uri: "base2026://topics/ai-overviews" }), "the resources/read curl command")}
<p class="note">Every <code>${MODERN_VERSION}</code> request carries <code>"${MetaKey.ProtocolVersion}"</code> and <code>"${MetaKey.ClientCapabilities}": {}</code> in <code>params._meta</code>, and repeats the version, the method and, for <code>tools/call</code>, <code>prompts/get</code> and <code>resources/read</code>, the tool or prompt name or the resource URI in the <code>${Header.ProtocolVersion}</code>, <code>${Header.Method}</code> and <code>${Header.Name}</code> headers.</p>
</section>`;
}

// ---------------------------------------------------------------------------------------------------
// Tools

function argumentItem(arg: ArgumentSpec): Html {
	return html`<li data-arg="${arg.name}">
<code>${arg.name}</code> <span class="tag${arg.required ? " required" : ""}">${arg.required ? "required" : "optional"}</span> <span class="bounds">${boundsText(arg)}</span>
${arg.description === undefined ? "" : html`<br>${arg.description}`}
</li>`;
}

function returnsList(outputSchema: JsonSchema): Html {
	const properties = (outputSchema.properties ?? {}) as Record<string, { description?: unknown }>;
	return html`<ul>${Object.entries(properties).map(
		([name, schema]) =>
			html`<li><code>${name}</code>${typeof schema.description === "string" ? html` — ${schema.description}` : ""}</li>`,
	)}</ul>`;
}

function toolSection(tool: ToolDescriptor): Html {
	const args = argumentSpecs(tool.inputSchema);
	const annotations = Object.entries(tool.annotations).filter(([key]) => key !== "title");
	return html`<article class="tool" id="tool-${tool.name}" data-tool="${tool.name}" aria-labelledby="tool-${tool.name}-title">
<h3 id="tool-${tool.name}-title"><code>${tool.name}</code> · ${tool.title}</h3>
<p>${tool.description}</p>
<h4>Arguments</h4>
${args.length === 0 ? html`<p>None: send <code>{}</code>.</p>` : html`<ul class="args">${args.map(argumentItem)}</ul>`}
<h4>Returns in <code>structuredContent</code></h4>
${returnsList(tool.outputSchema)}
<p class="note">Annotations: ${annotations.map(([key, value], i) => html`${i > 0 ? ", " : ""}<code>${key}: ${String(value)}</code>`)}</p>
<details><summary>JSON Schemas of <code>${tool.name}</code>, as <code>tools/list</code> sends them</summary>
<h4>inputSchema</h4>${codeBlock(JSON.stringify(tool.inputSchema, null, 2))}
<h4>outputSchema</h4>${codeBlock(JSON.stringify(tool.outputSchema, null, 2))}
</details>
</article>`;
}

function toolsSection(): Html {
	return html`<section aria-labelledby="tools"><h2 id="tools">Tools</h2>
<p>${TOOL_DESCRIPTORS.length} read-only tools, listed by <code>tools/list</code> in this order. Start with <code>search_sources</code>, then follow a hit. The arguments and bounds below are rendered from the same schemas <code>tools/list</code> returns. Bad arguments come back as a tool result with <code>isError: true</code> and a message that says what to change.</p>
${TOOL_DESCRIPTORS.map(toolSection)}
</section>`;
}

// ---------------------------------------------------------------------------------------------------
// Resources and prompts

function resourcesSection(): Html {
	return html`<section aria-labelledby="resources"><h2 id="resources">Resources and prompts</h2>
<p>Every public source, creator and topic, and the manifest, is also a resource: attach one to a conversation (an @-mention in most clients) and the model gets a compact Markdown rendering of what the matching tool returns, with both citation links of every source, at most ${MAX_READ_BYTES / 1024} KiB. The URIs use the <code>base2026://</code> scheme because a client reads them through this server; the <code>https://</code> links inside are what you cite.</p>
<div class="table-wrap"><table>
<thead><tr><th scope="col">URI</th><th scope="col">What a read returns</th></tr></thead>
<tbody>
<tr data-resource="manifest"><td><code>${MANIFEST_URI}</code></td><td>The collection: counts, freshness, every topic id, limits (<code>get_public_manifest</code>).</td></tr>
${RESOURCE_TEMPLATES.map((t) => html`<tr data-resource="${t.name}"><td><code>${t.uriTemplate}</code></td><td>${t.description}</td></tr>`)}
</tbody>
</table></div>
<p><code>resources/list</code> gives the manifest and the topics first, then the public sources ${RESOURCE_PAGE_SIZE} per page behind an opaque <code>nextCursor</code>. <code>completion/complete</code> completes the templates' arguments and the prompts' (topic ids and handles by prefix, source ids by id prefix or title words; at most ${COMPLETION_MAX_VALUES} values). A URI that names nothing public is "not found": <code>${ErrorCode.InvalidParams}</code> with <code>data.uri</code> in ${MODERN_VERSION}, <code>${ErrorCode.ResourceNotFound}</code> in the 2025 versions.</p>
<h3>Prompts</h3>
<p>${PROMPT_DESCRIPTORS.length} prompts, offered as slash commands by most clients, set up a research task with the citation rules built in.</p>
${PROMPT_DESCRIPTORS.map(
	(
		prompt,
	) => html`<article class="prompt" id="prompt-${prompt.name}" data-prompt="${prompt.name}" aria-labelledby="prompt-${prompt.name}-title">
<h4 id="prompt-${prompt.name}-title"><code>${prompt.name}</code> · ${prompt.title}</h4>
<p>${prompt.description}</p>
<ul class="args">${prompt.arguments.map(
		(arg) =>
			html`<li data-arg="${arg.name}"><code>${arg.name}</code> <span class="tag${arg.required ? " required" : ""}">${arg.required ? "required" : "optional"}</span> ${arg.description}</li>`,
	)}</ul>
</article>`,
)}
</section>`;
}

// ---------------------------------------------------------------------------------------------------
// Limits, boundary, protocol

/** "sources ≥ 5, creators ≥ 2 and applied insights ≥ 3", from the thresholds the gate applies. */
function signalGatesText(): string {
	const gates = Object.entries(SIGNAL_THRESHOLDS).map(([gate, min]) => `${gate.replace(/_/g, " ")} ≥ ${min}`);
	return inWords(gates, "and");
}

function limitsSection(): Html {
	const limit = searchBounds("limit");
	const offset = searchBounds("offset");
	return html`<section aria-labelledby="limits"><h2 id="limits">Limits</h2>
<div class="table-wrap"><table>
<thead><tr><th scope="col">What</th><th scope="col">Limit</th></tr></thead>
<tbody>
<tr><th scope="row">Request body</th><td data-limit="body">At most ${MAX_BODY_BYTES / 1024} KiB (${MAX_BODY_BYTES} bytes), counted on the bytes actually read; larger bodies get <code>413</code> and are not parsed.</td></tr>
<tr><th scope="row">Rate</th><td data-limit="rate">${RATE_LIMIT.requests} JSON-RPC messages per ${RATE_LIMIT.periodSeconds} seconds per edge identity (the client address Cloudflare sees; IPv6 grouped by /64), however they are packed: each message of a batch counts. Over budget: <code>429</code> with <code>Retry-After: ${RATE_LIMIT.periodSeconds}</code> and <code>error.data.retry_after_seconds</code>. Requests refused before they reach the protocol (foreign origin, wrong media type, oversize body) are not counted. The pages have their own budget of ${PAGE_RATE_LIMIT.requests} per ${PAGE_RATE_LIMIT.periodSeconds} seconds.</td></tr>
<tr><th scope="row">Batches</th><td data-limit="batch">2025-03-26 only, at most ${MAX_BATCH_MESSAGES} messages; a longer batch, or one longer than the budget left, is refused whole with <code>429</code> and runs nothing. Each answer in a batch is at most ${MAX_ANSWER_BYTES / 1024} KiB.</td></tr>
<tr><th scope="row"><code>search_sources</code></th><td data-limit="search"><code>limit</code> ${range(limit.minimum, limit.maximum)} (default ${String(limit.default)}), <code>offset</code> ${range(offset.minimum, offset.maximum)} (default ${String(offset.default)}); each hit carries one bounded excerpt.</td></tr>
<tr><th scope="row"><code>get_source</code></th><td data-limit="source">At most ${MAX_PASSAGES} passages and ${MAX_CARDS} applied evidence cards per source, with the totals.</td></tr>
<tr><th scope="row"><code>get_topic_signal</code></th><td data-limit="signal"><code>strong</code> only when ${signalGatesText()}; otherwise it names the gates that failed. A deterministic evidence gate, not a trend ranking.</td></tr>
</tbody>
</table></div>
</section>`;
}

function boundarySection(): Html {
	return html`<section aria-labelledby="citing"><h2 id="citing">Public boundary and citing</h2>
<p>${PUBLIC_BOUNDARY.scope} Every result carries this boundary as <code>public_boundary</code>.</p>
<h3>Never served</h3>
<ul>${PUBLIC_BOUNDARY.excludes.map((item) => html`<li>${item}</li>`)}</ul>
<h3>Cite both links</h3>
<p>Cite every source you use with ${PUBLIC_BOUNDARY.cite.map((field, i) => html`${i > 0 ? " and " : ""}<code>${field}</code>`)}: the creator's original video and its Base2026 source page, <code>${ORIGIN}/sources/{source_id}</code>.</p>
<h3>Do not present a result as</h3>
<ul>${PUBLIC_BOUNDARY.do_not_present_as.map((item) => html`<li>${item}</li>`)}</ul>
<h3>What the server tells agents</h3>
<p>The <code>instructions</code> of <code>server/discover</code> and <code>initialize</code>, verbatim:</p>
<ul class="callout">${INSTRUCTIONS.split("\n").map((line) => html`<li>${line}</li>`)}</ul>
</section>`;
}

/** A bad tool call is a tool result, not a JSON-RPC error, so it heads the table outside the catalogue. */
const TOOL_ERROR_ROW: Html = html`<tr><td>200</td><td><code>isError: true</code></td><td>bad tool arguments, or no public source, creator or topic has that id (a tool result, not a protocol error)</td></tr>`;

function errorRow(error: CataloguedError): Html {
	return html`<tr><td>${error.statuses.join(" / ")}</td><td><code>${String(error.code)}</code></td><td>${error.when}</td></tr>`;
}

/** "<code>server/discover</code> (…), <code>tools/list</code>, … and <code>completion/complete</code>", from the method table. */
function methodList(era: Era): Html {
	const items = methodsOf(era).map(
		(m) => html`<code>${m.method}</code>${m.summary === undefined ? "" : ` (${m.summary})`}`,
	);
	return html`${items.map((item, i) => html`${i === 0 ? "" : i === items.length - 1 ? " and " : ", "}${item}`)}`;
}

function protocolSection(): Html {
	return html`<section aria-labelledby="protocol"><h2 id="protocol">Protocol</h2>
<h3>${MODERN_VERSION} (modern)</h3>
<p>No handshake: every request says its version in <code>params._meta</code> and in the <code>${Header.ProtocolVersion}</code> header. Methods: ${methodList("modern")}. Results carry <code>"resultType": "complete"</code> and the server's identity in <code>_meta</code>.</p>
<h3>${LEGACY_VERSIONS.join(", ")} (legacy)</h3>
<p><code>initialize</code> answers the client's version when it is one of these, else <code>${LEGACY_VERSIONS[0]}</code>; later requests send <code>${Header.ProtocolVersion}</code> (absent means <code>${LEGACY_VERSIONS[LEGACY_VERSIONS.length - 1]}</code>). The same tool, resource, prompt and completion methods. Notifications get <code>202</code>; <code>ping</code> answers <code>{}</code>.</p>
<h3>Transport</h3>
<p><code>POST ${MCP_PATH}</code> only, with <code>Content-Type: application/json</code>. No <code>Mcp-Session-Id</code>, no SSE stream: <code>GET</code> and <code>DELETE</code> get <code>405</code> with <code>Allow: POST</code>. Every error is a JSON-RPC error object:</p>
<div class="table-wrap"><table>
<thead><tr><th scope="col">HTTP</th><th scope="col">Code</th><th scope="col">When</th></tr></thead>
<tbody>${TOOL_ERROR_ROW}${ERROR_CATALOGUE.map(errorRow)}</tbody>
</table></div>
</section>`;
}

// ---------------------------------------------------------------------------------------------------
// Explorer

/** Values the form starts with, so Send works at once; everything else starts empty or at its default. */
const STARTING_VALUES: Record<string, string> = {
	"search_sources.query": "AI search",
	"get_topic.topic_id": "ai-overviews",
	"get_topic_signal.topic_id": "ai-overviews",
	"resources-read.uri": "base2026://topics/ai-overviews",
	"prompt-research_topic.topic_id": "ai-overviews",
	"prompt-check_claim.claim": "Schema markup gets pages cited in AI Overviews",
	"prompt-brief_creator.handle": "GEO.with.Grace",
};

function argumentControl(tool: string, arg: ArgumentSpec): Html {
	const id = `arg-${tool}-${arg.name}`;
	const common = html`id="${id}" name="${arg.name}" data-arg="${arg.name}" data-type="${arg.type}" aria-describedby="${id}-hint"${arg.required ? html` required` : ""}`;
	let control: Html;
	if (arg.enum) {
		const empty = arg.required ? "" : html`<option value="">(not set)</option>`;
		control = html`<select ${common}>${empty}${arg.enum.map((value) => html`<option>${value}</option>`)}</select>`;
	} else if (arg.type === "integer" || arg.type === "number") {
		const initial = arg.default === undefined ? "" : String(arg.default);
		control = html`<input ${common} type="number" inputmode="numeric" step="${arg.type === "integer" ? "1" : "any"}"${arg.minimum === undefined ? "" : html` min="${arg.minimum}"`}${arg.maximum === undefined ? "" : html` max="${arg.maximum}"`} value="${initial}">`;
	} else {
		control = html`<input ${common} type="text" autocomplete="off" spellcheck="false" value="${STARTING_VALUES[`${tool}.${arg.name}`] ?? ""}">`;
	}
	return html`<div class="field">
<label for="${id}">${arg.name} <span class="muted">(${arg.required ? "required" : "optional"})</span></label>
${control}
<span id="${id}-hint" class="bounds">${boundsText(arg)}${arg.description === undefined ? "" : html`. ${arg.description}`}</span>
</div>`;
}

function argumentFieldset(tool: ToolDescriptor, selected: boolean): Html {
	const args = argumentSpecs(tool.inputSchema);
	return html`<fieldset data-tool="${tool.name}" data-target="${TOOL_CALL_PREFIX}${tool.name}"${selected ? "" : html` hidden`}>
<legend>Arguments of ${tool.name}</legend>
${args.length === 0 ? html`<p>This tool takes no arguments.</p>` : args.map((arg) => argumentControl(tool.name, arg))}
</fieldset>`;
}

/** The fieldsets of the other requests with arguments: resources/read's URI and each prompt's arguments. */
function otherFieldsets(): Html {
	const uri: ArgumentSpec = {
		name: "uri",
		type: "string",
		required: true,
		maxLength: MAX_URI_CHARS,
		description: `${MANIFEST_URI}, or a template above with its argument filled in`,
	};
	return html`<fieldset data-target="${RESOURCE_READ}" hidden>
<legend>Resource to read</legend>
${argumentControl("resources-read", uri)}
</fieldset>
${PROMPTS.map(
	(
		prompt,
	) => html`<fieldset data-prompt="${prompt.name}" data-target="${PROMPT_GET_PREFIX}${prompt.name}" hidden>
<legend>Arguments of the ${prompt.name} prompt</legend>
${argumentSpecs(jsonSchemaOf(prompt.args)).map((arg) => argumentControl(`prompt-${prompt.name}`, arg))}
</fieldset>`,
)}`;
}

const FIRST_TOOL = TOOL_DESCRIPTORS[0]?.name ?? "";

interface Example {
	label: string;
	target: string;
	args?: Record<string, unknown>;
}

const EXAMPLES: readonly Example[] = [
	{ label: "Search “AI search”", target: `${TOOL_CALL_PREFIX}search_sources`, args: { query: "AI search" } },
	{ label: "server/discover", target: "server/discover" },
	{ label: "Read a topic resource", target: RESOURCE_READ, args: { uri: "base2026://topics/ai-overviews" } },
	{
		label: "Prompt: research a topic",
		target: `${PROMPT_GET_PREFIX}research_topic`,
		args: { topic_id: "ai-overviews" },
	},
	{ label: "Empty query", target: `${TOOL_CALL_PREFIX}search_sources`, args: { query: "" } },
	{ label: "Unknown topic", target: `${TOOL_CALL_PREFIX}get_topic`, args: { topic_id: "no-such-topic" } },
	{
		label: "Limit 50 (too large)",
		target: `${TOOL_CALL_PREFIX}search_sources`,
		args: { query: "AI search", limit: 50 },
	},
];

function explorerSection(): Html {
	const options = [
		html`<option value="server/discover">server/discover: what the server speaks</option>`,
		html`<option value="tools/list">tools/list: the tools and their schemas</option>`,
		...TOOL_DESCRIPTORS.map(
			(tool) =>
				html`<option value="${TOOL_CALL_PREFIX}${tool.name}"${tool.name === FIRST_TOOL ? html` selected` : ""}>tools/call: ${tool.name}</option>`,
		),
		html`<option value="resources/list">resources/list: the manifest, topics, then sources by page</option>`,
		html`<option value="resources/templates/list">resources/templates/list: the URI templates</option>`,
		html`<option value="${RESOURCE_READ}">resources/read: read one resource</option>`,
		html`<option value="prompts/list">prompts/list: the prompts and their arguments</option>`,
		...PROMPTS.map(
			(prompt) =>
				html`<option value="${PROMPT_GET_PREFIX}${prompt.name}">prompts/get: ${prompt.name}</option>`,
		),
	];
	return html`<section class="explorer" aria-labelledby="explorer"><h2 id="explorer">Live explorer</h2>
<p>Send a real request to <code>${ENDPOINT}</code> from this page and see exactly what goes over the wire. Requests count against the same budget of ${RATE_LIMIT.requests} messages per minute.</p>
<noscript><p class="callout">The explorer needs JavaScript. The curl commands above send the same requests.</p></noscript>
<div class="examples" role="group" aria-labelledby="explorer-examples-label">
<span id="explorer-examples-label">Try an example:</span>
${EXAMPLES.map((example) => html`<button type="button" data-example="${JSON.stringify({ target: example.target, args: example.args ?? {} })}">${example.label}</button>`)}
</div>
<form id="explorer-form" novalidate>
<div class="field">
<label for="explorer-method">Request</label>
<select id="explorer-method" name="method">${options}</select>
</div>
<p id="explorer-no-arguments" class="note" hidden>This method takes no arguments.</p>
${TOOL_DESCRIPTORS.map((tool) => argumentFieldset(tool, tool.name === FIRST_TOOL))}
${otherFieldsets()}
<div><button type="submit" class="primary" id="explorer-send">Send</button></div>
</form>
<div class="io">
<section aria-labelledby="explorer-request-title">
<h3 id="explorer-request-title">Request</h3>
<pre id="explorer-request" tabindex="0" aria-labelledby="explorer-request-title">Choose a request and press Send.</pre>
</section>
<section id="explorer-response-panel" aria-labelledby="explorer-response-title">
<h3 id="explorer-response-title">Response</h3>
<p id="explorer-status" class="status" role="status" aria-live="polite"></p>
<pre id="explorer-response" tabindex="0" aria-labelledby="explorer-response-title"></pre>
</section>
</div>
</section>`;
}

// ---------------------------------------------------------------------------------------------------
// The page

const NAV = [
	{ href: "#connect", label: "Connect" },
	{ href: "#explorer", label: "Explorer" },
	{ href: "#tools", label: "Tools" },
	{ href: "#resources", label: "Resources" },
	{ href: "#limits", label: "Limits" },
	{ href: "#citing", label: "Citing" },
	{ href: "#protocol", label: "Protocol" },
];

function guideDocument(): string {
	return renderPage({
		title: "Base2026 Public MCP: guide and live explorer",
		description:
			"A free, keyless, read-only MCP server over a curated collection of SEO and AI search practitioner videos: endpoint, tools, resources, prompts, limits, citation rules and a live explorer.",
		nav: NAV,
		main: html`${introSection()}${connectSection()}${explorerSection()}${toolsSection()}${resourcesSection()}${limitsSection()}${boundarySection()}${protocolSection()}`,
		footer: html`<p><code>${SERVER_INFO.name}</code> ${SERVER_INFO.version} · read-only, keyless, public records only · endpoint <code>${ENDPOINT}</code></p>`,
		script: EXPLORER_SCRIPT,
	});
}

/** The page split at each origin placeholder; built on first use, then reused by the isolate. */
let guideParts: string[] | undefined;

function renderGuide(origin: string): string {
	guideParts ??= guideDocument().split(ORIGIN);
	return guideParts.join(escapeHtml(origin));
}

export function serveGuidePage(request: Request): Promise<Response> {
	// The page's own origin: commands must work from wherever the reader opened it.
	const origin = new URL(request.url).origin;
	return htmlResponse(200, renderGuide(origin), {
		script: EXPLORER_SCRIPT,
		connectSelf: true,
		cacheSeconds: GUIDE_CACHE_SECONDS,
	});
}
