/**
 * The English of the human pages. Its shape is every language's (PageText): the Spanish
 * (./es.ts) must give every entry, with the same parameters, or the type check fails. Facts come
 * from FACTS only; the words describing tools, prompts, resources and errors are the ones agents
 * receive (./agent-text.ts), so this page and tools/list say the same thing.
 */
import type { GateName } from "../../data/signal-gates";
import { inWords } from "../../text/in-words";
import { citeLine } from "../../tools/citations";
import type { SourceRef } from "../../tools/shapes";
import { FACTS as f } from "../guide/guide-facts";
import { type Html, html } from "../html";
import type { Language } from "../language";
import { AGENT_TEXT, type AgentText } from "./agent-text";

/** A share as English writes it: 25%. */
const percent = (share: number) => `${Math.round(share * 100)}%`;

const code = (text: string | number) => html`<code>${text}</code>`;
/** `a`, `b` and `c` as code, joined as a sentence joins them. */
const codes = (items: readonly (string | number)[], last: string): Html =>
	html`${items.map((item, i) => html`${i === 0 ? "" : i === items.length - 1 ? ` ${last} ` : ", "}${code(item)}`)}`;

/** The page languages' names, as an English sentence says them ("in Spanish"). */
const LANGUAGE_IN_ENGLISH: Record<Language, string> = { en: "English", es: "Spanish" };

export const EN = {
	chrome: {
		skip: "Skip to content",
		siteNav: "Site",
		languageNav: "Language",
	},
	siteName: f.server.title,
	words: {
		required: "required",
		optional: "optional",
		/** JSON Schema type names, as the guide's bounds say them. */
		type: (type: string) => type,
		oneOf: (values: readonly string[]) => `one of ${values.join(", ")}`,
		range: (low: number | undefined, high: number | undefined): string | undefined =>
			low !== undefined && high !== undefined
				? `${low}–${high}`
				: low !== undefined
					? `at least ${low}`
					: high !== undefined
						? `at most ${high}`
						: undefined,
		characters: (range: string) => `${range} characters`,
		byDefault: (value: string) => `default ${value}`,
		list: (items: readonly string[], last: "and" | "or") => inWords(items, last),
		/** A day of a recording, short. */
		date: (iso: string) =>
			new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso)),
		/** A moment of a recording, in UTC. */
		dateTime: (iso: string) =>
			`${new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso))} UTC`,
	},

	/** What agents are told, as the guide shows it: in English, the very words they receive. */
	agent: AGENT_TEXT as AgentText,
	/** The evidence gate's names, as the guide's sentences say them. */
	gate: (gate: GateName) => gate.replace(/_/g, " "),

	// ---------------------------------------------------------------------------------------------
	guide: {
		title: "Base2026 Public MCP: guide and live explorer",
		description:
			"A free, keyless, read-only MCP server over curated SEO and AI search practitioner videos: how to connect, tools, limits, citation rules and a live explorer.",
		nav: {
			connect: "Connect",
			explorer: "Explorer",
			session: "Sessions",
			tools: "Tools",
			resources: "Resources",
			limits: "Limits",
			citing: "Citing",
			protocol: "Protocol",
		},
		lead: html`A free, keyless, read-only <a href="https://modelcontextprotocol.io/">Model Context Protocol</a> server that gives AI agents bounded, attributable evidence from a curated collection of short-form practitioner videos (TikTok, YouTube Shorts, Instagram Reels) about SEO and AI search: sources, their creators, topics, public transcript passages and applied evidence cards.`,
		facts: {
			endpoint: "Endpoint",
			transport: "Transport",
			transportText: html`Streamable HTTP, stateless: ${code("POST")} only, ${code("application/json")} responses, no sessions and no server-sent events.`,
			protocol: "Protocol",
			protocolText: html`${code(f.modernVersion)} (per request, ${code("server/discover")}); ${codes(f.legacyVersions, "and")} after ${code("initialize")}.`,
			access: "Access",
			accessText: `No key, no sign-up. ${f.rate.requests} JSON-RPC messages per minute per client.`,
			server: "Server",
			discovery: "Discovery",
			discoveryText: (serverCard: Html, catalog: Html) =>
				html`The ${serverCard} and the ${catalog} that lists it, for clients that find servers before they connect.`,
			serverCard: "Server Card",
			catalog: "AI Catalog",
		},
		connect: {
			title: "Connect",
			intro: "Add the server to your agent. No headers or keys are needed.",
			mcpJson: html`Or commit it to your project in ${code(".mcp.json")}:`,
			codexConfig: html`Or add it to ${code("~/.codex/config.toml")}:`,
			other: "Any other client, or curl",
			otherText: html`Point any client that speaks Streamable HTTP at ${code(f.endpoint)}. With curl, discover the server:`,
			callTool: "call a tool:",
			readResource: "or read a resource:",
			note: html`Every ${code(f.modernVersion)} request carries ${code(`"${f.metaKeys.ProtocolVersion}"`)} and ${code(`"${f.metaKeys.ClientCapabilities}": {}`)} in ${code("params._meta")}, and repeats the version, the method and, for ${codes(f.namedMethods, "and")}, the tool or prompt name or the resource URI in the ${codes([f.headers.ProtocolVersion, f.headers.Method, f.headers.Name], "and")} headers.`,
			copy: {
				claude: "the Claude Code command",
				mcpJson: "the .mcp.json file",
				codex: "the Codex command",
				codexConfig: "the Codex config.toml lines",
				discover: "the server/discover curl command",
				call: "the tools/call curl command",
				read: "the resources/read curl command",
			},
		},
		tools: {
			title: "Tools",
			intro: html`${f.toolCount} read-only tools, listed by ${code("tools/list")} in this order. Start with ${code("search_sources")}, then follow a hit. The arguments and bounds below are rendered from the same schemas ${code("tools/list")} returns. Bad arguments come back as a tool result with ${code("isError: true")} and a message that says what to change.`,
			arguments: "Arguments",
			returns: html`Returns in ${code("structuredContent")}`,
			noArguments: html`None: send ${code("{}")}.`,
			annotations: "Annotations:",
			schemas: (name: string) => html`JSON Schemas of ${code(name)}, as ${code("tools/list")} sends them`,
		},
		resources: {
			title: "Resources and prompts",
			intro: html`Every public source, creator and topic, and the manifest, is also a resource: attach one to a conversation (an @-mention in most clients) and the model gets a compact Markdown rendering of what the matching tool returns, with both citation links of every source, at most ${f.readKiB} KiB. The URIs use the ${code("base2026://")} scheme because a client reads them through this server; the ${code("https://")} links inside are what you cite.`,
			uri: "URI",
			returns: "What a read returns",
			manifest: html`The collection: counts, freshness, every topic id, limits (${code("get_public_manifest")}).`,
			listing: html`${code("resources/list")} gives the manifest and the topics first, then the public sources ${f.resourcePageSize} per page behind an opaque ${code("nextCursor")}. ${code("completion/complete")} completes the templates' arguments and the prompts' (topic ids and handles by prefix, source ids by id prefix or by word prefixes of their titles; at most ${f.completionMax} values). A URI that names nothing public is "not found": ${code(f.codes.InvalidParams)} with ${code("data.uri")} in ${f.modernVersion}, ${code(f.codes.ResourceNotFound)} in the 2025 versions.`,
			prompts: "Prompts",
			promptsIntro: `${f.promptCount} prompts, offered as slash commands by most clients, set up a research task with the citation rules built in.`,
		},
		limits: {
			title: "Limits",
			what: "What",
			limit: "Limit",
			body: "Request body",
			bodyText: html`At most ${f.bodyKiB} KiB (${f.bodyBytes} bytes), counted on the bytes actually read; larger bodies get ${code(413)} and are not parsed.`,
			rate: "Rate",
			rateText: html`${f.rate.requests} JSON-RPC messages per ${f.rate.periodSeconds} seconds per client, however they are packed: each message of a batch counts. Each address is one client (the address Cloudflare sees; IPv6 grouped by /64), except addresses inside a hosted agent platform's published egress range that the operator lists (by default ${inWords(
				f.platformRanges.map(
					({ range, publisher }) =>
						`the one ${publisher} publishes for its MCP connectors' tool calls, ${range}`,
				),
				"and",
			)}): each such range is served as one client, with a larger budget the operator sizes (${inWords(
				f.platformRanges.map(
					({ publisher, requests }) =>
						`${publisher}'s: ${requests} messages per ${f.rate.periodSeconds} seconds for all its agents`,
				),
				"and",
			)}). Above them all, a global gate keeps the database's time shared fairly: every client's searches together take at most ${percent(f.gate.light.share)} of it for ordinary searches and ${percent(f.gate.heavy.share)} for costly ones, one costly search at a time; when that is not enough, a client within its fair share waits its turn, and one using more than its share gets ${code(429)} with the ${code("Retry-After")} its usage needs. Lookups never wait on the gate. Over budget: ${code(429)} with ${code(`Retry-After: ${f.rate.periodSeconds}`)} and ${code("error.data.retry_after_seconds")}. A search predicted to keep the database busy more than ${f.costly.freeMs} ms of D1 time costs one more message for every ${f.costly.msPerUnit} ms beyond, charged before it runs; what its answer took past the prediction is charged afterwards, at most ${f.costly.maxUnits} more. Requests refused before they reach the protocol (foreign origin, wrong media type, oversize body) are not counted. The pages have their own budget of ${f.pageRate.requests} requests per ${f.pageRate.periodSeconds} seconds.`,
			batch: "Batches",
			batchText: html`${f.batchVersion} only, at most ${f.batchMessages} messages; a longer batch, or one longer than the budget left, is refused whole with ${code(429)} and runs nothing. Each answer in a batch is at most ${f.answerKiB} KiB.`,
			searchText: html`${code("limit")} ${f.search.limitMin}–${f.search.limitMax} (default ${f.search.limitDefault}), ${code("offset")} ${f.search.offsetMin}–${f.search.offsetMax} (default ${f.search.offsetDefault}); each hit carries one bounded excerpt.`,
			sourceText: `At most ${f.passages} passages and ${f.cards} applied evidence cards per source, with the totals.`,
			signalText: html`${code("strong")} only when ${inWords(
				f.signalGates.map(({ gate, min }) => `${gate.replace(/_/g, " ")} ≥ ${min}`),
				"and",
			)}; otherwise it names the gates that failed. A deterministic evidence gate, not a trend ranking.`,
		},
		citing: {
			title: "Public boundary and citing",
			carried: html`Every result carries this boundary as ${code("public_boundary")}.`,
			neverServed: "Never served",
			citeBoth: "Cite both links",
			citeText: html`Cite every source you use with ${codes(f.cite, "and")}: the creator's original video and its Base2026 source page, ${code(f.sourcePagePattern)}.`,
			doNotPresent: "Do not present a result as",
			instructions: "What the server tells agents",
			instructionsText: html`The ${code("instructions")} of ${code("server/discover")} and ${code("initialize")}, verbatim:`,
		},
		protocol: {
			title: "Protocol",
			modern: `${f.modernVersion} (modern)`,
			modernText: (methods: Html) =>
				html`No handshake: every request says its version in ${code("params._meta")} and in the ${code(f.headers.ProtocolVersion)} header. Methods: ${methods}. Results carry ${code('"resultType": "complete"')} and the server's identity in ${code("_meta")}.`,
			legacy: `${f.legacyVersions.join(", ")} (legacy)`,
			legacyText: html`${code("initialize")} answers the client's version when it is one of these, else ${code(f.legacyFallback)}; later requests send ${code(f.headers.ProtocolVersion)} (absent means ${code(f.legacyHeaderless)}). The same tool, resource, prompt and completion methods. Notifications get ${code(202)}; ${code("ping")} answers ${code("{}")}.`,
			transport: "Transport",
			transportText: html`${code(`POST ${f.mcpPath}`)} only, with ${code("Content-Type: application/json")}. No ${code("Mcp-Session-Id")}, no SSE stream: ${code("GET")} and ${code("DELETE")} get ${code(405)} with ${code("Allow: POST")}. Every error is a JSON-RPC error object:`,
			http: "HTTP",
			code: "Code",
			when: "When",
			toolError:
				"bad tool arguments, or no public source, creator or topic has that id (a tool result, not a protocol error)",
			and: "and",
		},
		footer: html`${code(f.server.name)} ${f.server.version} · read-only, keyless, public records only · endpoint ${code(f.endpoint)}`,
	},

	// ---------------------------------------------------------------------------------------------
	explorer: {
		title: "Explorer",
		intro:
			"Read exchanges recorded from the endpoint, with nothing sent, or send live requests from this page.",
		live: "Live requests",
		liveIntro: html`Send a real request to ${code(f.endpoint)} from this page and see exactly what goes over the wire. Requests count against the same budget of ${f.rate.requests} messages per minute.`,
		noscript:
			"The live explorer needs JavaScript. The curl commands above send the same requests, and the recorded exchanges need no script.",
		tryExample: "Try an example:",
		request: "Request",
		response: "Response",
		send: "Send",
		choose: "Choose a request and press Send.",
		noArguments: "This method takes no arguments.",
		toolNoArguments: "This tool takes no arguments.",
		argumentsOf: (name: string) => `Arguments of ${name}`,
		promptArgumentsOf: (name: string) => `Arguments of the ${name} prompt`,
		paramsOf: (method: string) => `Parameters of ${method}`,
		notSet: "(not set)",
		examples: {
			search: (query: string) => `Search “${query}”`,
			/** The question a reader of this language would ask first: every page offers each language's. */
			question: "AI search",
			readTopic: "Read a topic resource",
			researchPrompt: "Prompt: research a topic",
			emptyQuery: "Empty query",
			unknownTopic: "Unknown topic",
			limitTooLarge: (limit: number) => `Limit ${limit} (too large)`,
		},
		recorded: {
			title: "Recorded exchanges",
			intro: (url: Html, date: Html, server: string) =>
				html`What the endpoint answered, recorded from ${url} on ${date} (server ${server}) with ${code("npm run capture")}. Reading them sends nothing, so they stay readable when the endpoint is down or your budget is spent.`,
			labels: {
				discover: `Discover the server (${f.modernVersion})`,
				initialize: `Initialize (${f.legacyFallback})`,
				"tools-list": "List the tools",
				search: "Search",
				"get-source": "Open the first hit",
				"get-topic-signal": "Check its topic's evidence gate",
				"empty-search": "A search that finds nothing",
				"unknown-topic": "A misspelt topic id",
				"suggested-topic": "The topic id the error offered",
				"not-found": "A source id that does not exist",
				"argument-error": "An argument out of bounds",
				"rate-limited": "Over the budget",
			},
			recordedOn: (date: Html) => html`recorded ${date}`,
		},
		/** Words the browser program writes (src/pages/explorer/explorer.browser.js). */
		script: {
			sending: "Sending…",
			copy: "Copy",
			copyLabel: "Copy {label}",
			copied: "Copied",
			copyFailed: "Copy failed: select the text instead",
			rpcError: "JSON-RPC error",
			toolError: "tool error (isError: true)",
			result: "result",
			withStructured: "with structuredContent",
			withContents: "with contents ({types})",
			withMessages: { one: "with {count} prompt message", other: "with {count} prompt messages" },
			failed: "The request did not complete: {reason}",
		},
	},

	// ---------------------------------------------------------------------------------------------
	session: {
		sessions: {
			covered: {
				title: "A research session, recorded",
				plan: "search the question's words, open the first hit, check the evidence gate of its first topic",
			},
			uncovered: {
				title: "A question the collection does not cover, recorded",
				plan: "search the question's words, which find nothing; guess the nearest topic's id, misspelt, which fails; ask again with the id the error offers",
			},
		},
		label: (date: Html, url: Html, plan: string) =>
			html`A recording made on ${date} against ${url}, not inference run for you: no model runs on this page. The calls follow a fixed plan (${plan}) and were made by ${code("npm run capture")}; the answer at the end was written by a person from what they returned.`,
		question: "The question",
		recordedIn: (recorded: Language, question: string) =>
			`The session was recorded in ${LANGUAGE_IN_ENGLISH[recorded]}: above, the question as it was asked; the searches send its key words in ${LANGUAGE_IN_ENGLISH[recorded]}. In English: “${question}”`,
		step: (n: number, tool: string) => html`Step ${n}: ${code(tool)}`,
		purpose: {
			search: "Search the collection for the question's key words.",
			"get-source": "Read the first hit: its passages, creator and topics.",
			"get-topic-signal": "Check whether its topic has enough public evidence to go on.",
			"empty-search": "Search the collection for the question's key words.",
			"unknown-topic":
				"Nothing matched, so look for the nearest topic instead, guessing its id: the guess is misspelt.",
			"suggested-topic": "Recover from the error: ask again with the topic id it offers.",
		},
		arguments: "Arguments sent",
		cameBack: "What came back (its text block)",
		cameBackError: "What came back: a tool error (isError: true), its text block",
		whole: "The whole exchange, as recorded",
		answer: "The answer",
		answerNote:
			"Written by a person from the recorded results above; no model ran. Each claim quotes the words it rests on and links to the source they came from.",
		sourcePage: "source page",
		original: "original video",
		stepLink: "the step",
		exchangeLink: "the recorded exchange",
		gate: (topic: Html, sources: number, creators: number, insights: number, date: Html) =>
			html`${topic} passes its evidence gate (${sources} sources, ${creators} creators, ${insights} applied insights, counted ${date}): there is enough public evidence to read on the topic, which is not proof that the advice works, nor a trend.`,
	},

	// ---------------------------------------------------------------------------------------------
	sourcePage: {
		nav: { guide: "Guide", explorer: "Explorer", citing: "Citing" },
		titleSuffix: "Base2026",
		sourceOn: (platform: string) => `Source on ${platform}`,
		creator: "Creator",
		platform: "Platform",
		published: "Published",
		duration: "Duration",
		original: "Original",
		summary: "Summary.",
		topics: "Topics",
		passages: "Public passages",
		noPassages: "No public passages for this source.",
		passagesNote: (shown: number, total: number) =>
			`${shown} of ${total} public passages, in order (at most ${f.passages} are shown). Short reviewed excerpts, not a full transcript.`,
		cards: "Applied evidence cards",
		noCards: "No applied evidence cards for this source.",
		cardsNote: (shown: number, total: number) =>
			`${shown} of ${total} applied cards (at most ${f.cards} are shown). A card records what the creator claims; it is not independent confirmation.`,
		evidence: "Evidence.",
		topic: "Topic",
		reviewed: "reviewed",
		cite: "How to cite",
		citeIntro: "Cite both the original and this page:",
		citeLine: (ref: SourceRef) => citeLine(ref),
		doNotPresent: (items: readonly string[]) => `Do not present this as ${inWords(items, "or")}.`,
		footer: (guide: string) =>
			html`${f.server.title} · public, published records only · <a href="${guide}">How to connect an agent</a>`,
		missing: {
			title: "Source not found",
			description: "No public source has this id.",
			text: (id: string) =>
				html`No public source has the id ${code(id)}. It may never have existed, or it is unpublished or was removed; such sources are not shown by these pages or by the MCP tools.`,
			find: (explorer: string) =>
				html`Find sources with ${code("search_sources")} in the <a href="${explorer}">explorer</a>.`,
		},
		unavailable: {
			title: "Temporarily unavailable",
			description: "The collection could not be read just now.",
			text: "The collection could not be read just now. Nothing was found or ruled out: try again in a minute.",
		},
	},

	// ---------------------------------------------------------------------------------------------
	/** Plain-text answers of the page routes. */
	plain: {
		notFound: (mcpPath: string, guidePath: string) =>
			`Not found. The MCP endpoint is POST ${mcpPath}; the guide is GET ${guidePath}.`,
		notAcceptable: "Not Acceptable: this page is text/html only.",
		tooManyPages: `Too many page requests: at most ${f.pageRate.requests} per ${f.pageRate.periodSeconds} seconds per client. Try again in ${f.pageRate.periodSeconds} seconds.`,
		limiterDown: `Temporarily unavailable: the rate limiter cannot answer, so the page was not served. Try again in about ${f.limiterRetrySeconds} seconds.`,
	},
};

export type PageText = typeof EN;
