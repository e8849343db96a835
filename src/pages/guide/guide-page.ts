/**
 * The human guide beside the endpoint, in every page language: /en/mcp and /es/mcp always serve
 * theirs, /mcp serves the one the reader's Accept-Language prefers. Everything a person needs to
 * judge and wire up the server: what it is, how to connect, exchanges recorded from the endpoint, a
 * recorded research session, a live explorer, the tools with their real schemas, the resources and
 * prompts, the limits, the citation rules and the protocol.
 *
 * The markup lives here and the words in src/pages/text/: the tool sections are rendered from
 * TOOL_DESCRIPTORS (the JSON Schemas tools/list sends) and every fact from FACTS, so neither language
 * can drift from the server. Each language's page is built once per isolate with placeholders for
 * the origins; a request only substitutes them (guideOrigins): every address and link is the public
 * one (PUBLIC_BASE_URL), never the request's Host, and the commands name the public endpoint too,
 * unless the page was opened at a loopback origin (a developer's own server). A section built from
 * recorded data that fails is left out with a log line: the guide never answers 500 for its own data.
 */

import { isLoopback } from "../../http/origin";
import { GUIDE_PATH } from "../../http/paths";
import { ERROR_CATALOGUE } from "../../mcp/errors";
import { Header } from "../../mcp/headers";
import { INSTRUCTIONS } from "../../mcp/instructions";
import { methodsOf } from "../../mcp/methods";
import { MetaKey } from "../../mcp/modern";
import type { Era } from "../../mcp/reply";
import { RESOURCE_TEMPLATES } from "../../mcp/resource-methods";
import { MODERN_VERSION } from "../../mcp/versions";
import { PROMPT_DESCRIPTORS } from "../../prompts/registry";
import { researchTopicPrompt } from "../../prompts/research-topic";
import { MANIFEST_URI, MAX_URI_CHARS } from "../../resources/uris";
import { getTopicTool } from "../../tools/get-topic";
import { jsonSchemaOf, TOOL_DESCRIPTORS, type ToolDescriptor } from "../../tools/registry";
import { searchSourcesTool } from "../../tools/search-sources";
import { EXPLORER_DOM, type ExplorerExample } from "../explorer/explorer-dom";
import { EXPLORER_SCRIPTS } from "../explorer/explorer-script";
import {
	EXPLORER_CHOICES,
	type ExplorerChoice,
	methodTarget,
	promptTarget,
	toolTarget,
} from "../explorer/explorer-targets";
import {
	codeBlock,
	escapeHtml,
	type Html,
	html,
	htmlResponse,
	type PageAddresses,
	renderPage,
} from "../html";
import {
	DEFAULT_LANGUAGE,
	LANGUAGES,
	type Language,
	languageHeaders,
	localizedPath,
	pageLanguage,
} from "../language";
import { AGENT_TEXT, errorKey, type MethodText, type PromptText, type ToolText } from "../text/agent-text";
import { PAGE_TEXT, type PageText } from "../text/page-text";
import { ENDPOINT_ORIGIN, FACTS, ORIGIN } from "./guide-facts";
import { recordedExchangesBlock, sessionAnchor, sessionSection } from "./recorded-sections";
import { SESSION_KEYS } from "./recordings";
import { type ArgumentSpec, argumentSpecs, schemaFields } from "./tool-arguments";

const ENDPOINT = FACTS.endpoint;

/** Seconds a browser or the edge may keep the guide. */
const GUIDE_CACHE_SECONDS = 300;

/** The guide at each language's own address, and at the one that picks (x-default), at the public origin. */
const GUIDE_ADDRESSES: PageAddresses = {
	byLanguage: Object.fromEntries(
		LANGUAGES.map((language) => [language, `${ORIGIN}${localizedPath(language, GUIDE_PATH)}`]),
	) as Record<Language, string>,
	negotiated: `${ORIGIN}${GUIDE_PATH}`,
};

// ---------------------------------------------------------------------------------------------------
// Arguments, read from the JSON Schemas tools/list publishes

/** "integer, 1–20, default 5" or "string, 1–500 characters" or "one of tiktok, …", in the page's words. */
function boundsText(t: PageText, arg: ArgumentSpec): string {
	const w = t.words;
	const parts = [w.type(arg.type)];
	if (arg.enum) parts.push(w.oneOf(arg.enum));
	const values = w.range(arg.minimum, arg.maximum);
	if (values) parts.push(values);
	const length = w.range(arg.minLength, arg.maxLength);
	if (length) parts.push(w.characters(length));
	if (arg.default !== undefined) parts.push(w.byDefault(JSON.stringify(arg.default)));
	return parts.join(", ");
}

// ---------------------------------------------------------------------------------------------------
// What the registries say, in the page's language

/**
 * One registry entry's words (a tool's, a prompt's, a method's) in the page's language; where that
 * language has no rendering of it yet (an entry added since), the English agents receive, each text
 * marked lang="en" by `say` (`lang` for an element that holds only such text), so the page stays
 * truthful about its languages (test/workers/pages/languages.test.ts names every entry left to render).
 */
function wordsOf<T>(
	t: PageText,
	kind: "tools" | "prompts" | "methods",
	name: string,
): { words: T | undefined; lang: Html | ""; say: (text: string | undefined) => Html | string | undefined } {
	const rendered = t.agent[kind] as Record<string, T>;
	if (Object.hasOwn(rendered, name)) return { words: rendered[name], lang: "", say: (text) => text };
	return {
		words: (AGENT_TEXT[kind] as Record<string, T>)[name],
		lang: html` lang="en"`,
		say: (text) => (text === undefined ? undefined : html`<span lang="en">${text}</span>`),
	};
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

function introSection(t: PageText): Html {
	const g = t.guide.facts;
	return html`<h1>${t.siteName}</h1>
<p class="lead">${t.guide.lead}</p>
<dl class="facts">
<dt>${g.endpoint}</dt><dd><code>${ENDPOINT}</code></dd>
<dt>${g.transport}</dt><dd>${g.transportText}</dd>
<dt>${g.protocol}</dt><dd>${g.protocolText}</dd>
<dt>${g.access}</dt><dd>${g.accessText}</dd>
<dt>${g.server}</dt><dd><code>${FACTS.server.name}</code> ${FACTS.server.version}</dd>
<dt>${g.discovery}</dt><dd>${g.discoveryText(
		html`<a href="${FACTS.serverCardUrl}" data-discovery="server-card">${g.serverCard}</a>`,
		html`<a href="${FACTS.catalogUrl}" data-discovery="catalog">${g.catalog}</a>`,
	)}</dd>
</dl>`;
}

function connectSection(t: PageText): Html {
	const c = t.guide.connect;
	const mcpJson = JSON.stringify({ mcpServers: { base2026: { type: "http", url: ENDPOINT } } }, null, 2);
	return html`<section aria-labelledby="connect"><h2 id="connect">${c.title}</h2>
<p>${c.intro}</p>
<h3>Claude Code</h3>
${codeBlock(`claude mcp add --transport http base2026 ${ENDPOINT}`, c.copy.claude)}
<p>${c.mcpJson}</p>
${codeBlock(mcpJson, c.copy.mcpJson)}
<h3>Codex</h3>
${codeBlock(`codex mcp add base2026 --url ${ENDPOINT}`, c.copy.codex)}
<p>${c.codexConfig}</p>
${codeBlock(`[mcp_servers.base2026]\nurl = "${ENDPOINT}"`, c.copy.codexConfig)}
<h3>${c.other}</h3>
<p>${c.otherText}</p>
${codeBlock(curlCommand("server/discover"), c.copy.discover)}
<p>${c.callTool}</p>
${codeBlock(curlCommand("tools/call", { name: "search_sources", arguments: { query: "AI search", limit: 3 } }), c.copy.call)}
<p>${c.readResource}</p>
${codeBlock(curlCommand("resources/read", { uri: "base2026://topics/ai-overviews" }), c.copy.read)}
<p class="note">${c.note}</p>
</section>`;
}

// ---------------------------------------------------------------------------------------------------
// Tools

function requiredTag(t: PageText, required: boolean): Html {
	return html`<span class="tag${required ? " required" : ""}">${required ? t.words.required : t.words.optional}</span>`;
}

function argumentItem(t: PageText, arg: ArgumentSpec, description: Html | string | undefined): Html {
	return html`<li data-arg="${arg.name}">
<code>${arg.name}</code> ${requiredTag(t, arg.required)} <span class="bounds">${boundsText(t, arg)}</span>
${description === undefined ? "" : html`<br>${description}`}
</li>`;
}

function toolSection(t: PageText, tool: ToolDescriptor): Html {
	const { words, say } = wordsOf<ToolText>(t, "tools", tool.name);
	const args = argumentSpecs(tool.inputSchema);
	const annotations = Object.entries(tool.annotations).filter(([key]) => key !== "title");
	return html`<article class="tool" id="tool-${tool.name}" data-tool="${tool.name}" aria-labelledby="tool-${tool.name}-title">
<h3 id="tool-${tool.name}-title"><code>${tool.name}</code> · ${say(words?.title)}</h3>
<p>${say(words?.description)}</p>
<h4>${t.guide.tools.arguments}</h4>
${args.length === 0 ? html`<p>${t.guide.tools.noArguments}</p>` : html`<ul class="args">${args.map((arg) => argumentItem(t, arg, say(words?.args[arg.name])))}</ul>`}
<h4>${t.guide.tools.returns}</h4>
<ul>${schemaFields(tool.outputSchema).map(
		({ name }) =>
			html`<li><code>${name}</code>${words?.returns[name] === undefined ? "" : html` — ${say(words.returns[name])}`}</li>`,
	)}</ul>
<p class="note">${t.guide.tools.annotations} ${annotations.map(([key, value], i) => html`${i > 0 ? ", " : ""}<code>${key}: ${String(value)}</code>`)}</p>
<details><summary>${t.guide.tools.schemas(tool.name)}</summary>
<div lang="en">
<h4>inputSchema</h4>${codeBlock(JSON.stringify(tool.inputSchema, null, 2))}
<h4>outputSchema</h4>${codeBlock(JSON.stringify(tool.outputSchema, null, 2))}
</div>
</details>
</article>`;
}

function toolsSection(t: PageText): Html {
	return html`<section aria-labelledby="tools"><h2 id="tools">${t.guide.tools.title}</h2>
<p>${t.guide.tools.intro}</p>
${TOOL_DESCRIPTORS.map((tool) => toolSection(t, tool))}
</section>`;
}

// ---------------------------------------------------------------------------------------------------
// Resources and prompts

function resourcesSection(t: PageText): Html {
	const r = t.guide.resources;
	return html`<section aria-labelledby="resources"><h2 id="resources">${r.title}</h2>
<p>${r.intro}</p>
<div class="table-wrap"><table>
<thead><tr><th scope="col">${r.uri}</th><th scope="col">${r.returns}</th></tr></thead>
<tbody>
<tr data-resource="manifest"><td><code>${MANIFEST_URI}</code></td><td>${r.manifest}</td></tr>
${RESOURCE_TEMPLATES.map((template) => html`<tr data-resource="${template.name}"><td><code>${template.uriTemplate}</code></td><td>${t.agent.templates[template.name]}</td></tr>`)}
</tbody>
</table></div>
<p>${r.listing}</p>
<h3>${r.prompts}</h3>
<p>${r.promptsIntro}</p>
${PROMPT_DESCRIPTORS.map((prompt) => {
	const { words, say } = wordsOf<PromptText>(t, "prompts", prompt.name);
	return html`<article class="prompt" id="prompt-${prompt.name}" data-prompt="${prompt.name}" aria-labelledby="prompt-${prompt.name}-title">
<h4 id="prompt-${prompt.name}-title"><code>${prompt.name}</code> · ${say(words?.title)}</h4>
<p>${say(words?.description)}</p>
<ul class="args">${prompt.arguments.map(
		(arg) =>
			html`<li data-arg="${arg.name}"><code>${arg.name}</code> ${requiredTag(t, arg.required)} ${say(words?.args[arg.name])}</li>`,
	)}</ul>
</article>`;
})}
</section>`;
}

// ---------------------------------------------------------------------------------------------------
// Limits, boundary, protocol

function limitsSection(t: PageText): Html {
	const l = t.guide.limits;
	return html`<section aria-labelledby="limits"><h2 id="limits">${l.title}</h2>
<div class="table-wrap"><table>
<thead><tr><th scope="col">${l.what}</th><th scope="col">${l.limit}</th></tr></thead>
<tbody>
<tr><th scope="row">${l.body}</th><td data-limit="body">${l.bodyText}</td></tr>
<tr><th scope="row">${l.rate}</th><td data-limit="rate">${l.rateText}</td></tr>
<tr><th scope="row">${l.batch}</th><td data-limit="batch">${l.batchText}</td></tr>
<tr><th scope="row"><code>search_sources</code></th><td data-limit="search">${l.searchText}</td></tr>
<tr><th scope="row"><code>get_source</code></th><td data-limit="source">${l.sourceText}</td></tr>
<tr><th scope="row"><code>get_topic_signal</code></th><td data-limit="signal">${l.signalText}</td></tr>
</tbody>
</table></div>
</section>`;
}

function boundarySection(t: PageText): Html {
	const c = t.guide.citing;
	const boundary = t.agent.boundary;
	return html`<section aria-labelledby="citing"><h2 id="citing">${c.title}</h2>
<p>${boundary.scope} ${c.carried}</p>
<h3>${c.neverServed}</h3>
<ul>${boundary.excludes.map((item) => html`<li>${item}</li>`)}</ul>
<h3>${c.citeBoth}</h3>
<p>${c.citeText}</p>
<h3>${c.doNotPresent}</h3>
<ul>${boundary.doNotPresentAs.map((item) => html`<li>${item}</li>`)}</ul>
<h3>${c.instructions}</h3>
<p>${c.instructionsText}</p>
<ul class="callout" lang="en">${INSTRUCTIONS.split("\n").map((line) => html`<li>${line}</li>`)}</ul>
</section>`;
}

/** A bad tool call is a tool result, not a JSON-RPC error, so it heads the table outside the catalogue. */
function toolErrorRow(t: PageText): Html {
	return html`<tr><td>200</td><td><code>isError: true</code></td><td>${t.guide.protocol.toolError}</td></tr>`;
}

/** "<code>server/discover</code> (…), <code>tools/list</code>, … and <code>completion/complete</code>", from the method table. */
function methodList(t: PageText, era: Era): Html {
	const items = methodsOf(era).map((m) => {
		const { words, say } = wordsOf<MethodText>(t, "methods", m.method);
		const summary = say(words?.summary);
		return html`<code>${m.method}</code>${summary === undefined ? "" : html` (${summary})`}`;
	});
	const and = t.guide.protocol.and;
	return html`${items.map((item, i) => html`${i === 0 ? "" : i === items.length - 1 ? ` ${and} ` : ", "}${item}`)}`;
}

function protocolSection(t: PageText): Html {
	const p = t.guide.protocol;
	return html`<section aria-labelledby="protocol"><h2 id="protocol">${p.title}</h2>
<h3>${p.modern}</h3>
<p>${p.modernText(methodList(t, "modern"))}</p>
<h3>${p.legacy}</h3>
<p>${p.legacyText}</p>
<h3>${p.transport}</h3>
<p>${p.transportText}</p>
<div class="table-wrap"><table>
<thead><tr><th scope="col">${p.http}</th><th scope="col">${p.code}</th><th scope="col">${p.when}</th></tr></thead>
<tbody>${toolErrorRow(t)}${ERROR_CATALOGUE.map(
		(error) =>
			html`<tr><td>${error.statuses.join(" / ")}</td><td><code>${String(error.code)}</code></td><td>${t.agent.errors[errorKey(error)]}</td></tr>`,
	)}</tbody>
</table></div>
</section>`;
}

// ---------------------------------------------------------------------------------------------------
// Explorer: its choices are EXPLORER_CHOICES (the method table and the registries), its elements
// EXPLORER_DOM (what the browser program reads)

const { ids: ID, data: DATA } = EXPLORER_DOM;

/** ` data-<key>="value"`: one of the data attributes the explorer reads. */
const dataAttribute = (key: keyof typeof DATA, value: string): Html => html` data-${DATA[key]}="${value}"`;

function argumentControl(
	t: PageText,
	form: string,
	arg: ArgumentSpec,
	description: Html | string | undefined,
	start: unknown,
): Html {
	const id = `arg-${form}-${arg.name}`;
	const common = html`id="${id}" name="${arg.name}"${dataAttribute("arg", arg.name)}${dataAttribute("type", arg.type)} aria-describedby="${id}-hint"${arg.required ? html` required` : ""}`;
	let control: Html;
	if (arg.enum) {
		const empty = arg.required ? "" : html`<option value="">${t.explorer.notSet}</option>`;
		control = html`<select ${common}>${empty}${arg.enum.map((value) => html`<option>${value}</option>`)}</select>`;
	} else if (arg.type === "integer" || arg.type === "number") {
		const initial = arg.default === undefined ? "" : String(arg.default);
		control = html`<input ${common} type="number" inputmode="numeric" step="${arg.type === "integer" ? "1" : "any"}"${arg.minimum === undefined ? "" : html` min="${arg.minimum}"`}${arg.maximum === undefined ? "" : html` max="${arg.maximum}"`} value="${initial}">`;
	} else {
		control = html`<input ${common} type="text" autocomplete="off" spellcheck="false" value="${start === undefined ? "" : String(start)}">`;
	}
	return html`<div class="field">
<label for="${id}">${arg.name} <span class="muted">(${arg.required ? t.words.required : t.words.optional})</span></label>
${control}
<span id="${id}-hint" class="bounds">${boundsText(t, arg)}${description === undefined ? "" : html`. ${description}`}</span>
</div>`;
}

/** The value an argument starts at: the entry's own starting arguments, read as data. */
const startOf = (starting: object | undefined, name: string): unknown =>
	starting !== undefined && Object.hasOwn(starting, name)
		? (starting as Record<string, unknown>)[name]
		: undefined;

/** The choice first selected: the first tool's, so Send works at once. */
const FIRST_CHOICE = EXPLORER_CHOICES.find((choice) => choice.form.kind === "tool")?.key ?? "";

/** The fieldset of a choice that takes arguments (a tool, a prompt, a method's one field), else nothing. */
function choiceFieldset(t: PageText, choice: ExplorerChoice): Html {
	const { form } = choice;
	if (form.kind === "none") return html``;
	const target = dataAttribute("target", choice.key);
	const hidden = choice.key === FIRST_CHOICE ? "" : html` hidden`;
	if (form.kind === "tool") {
		const descriptor = TOOL_DESCRIPTORS.find((tool) => tool.name === form.tool.name);
		const args = descriptor === undefined ? [] : argumentSpecs(descriptor.inputSchema);
		const { words, say } = wordsOf<ToolText>(t, "tools", form.tool.name);
		return html`<fieldset data-tool="${form.tool.name}"${target}${hidden}>
<legend>${t.explorer.argumentsOf(form.tool.name)}</legend>
${args.length === 0 ? html`<p>${t.explorer.toolNoArguments}</p>` : args.map((arg) => argumentControl(t, form.tool.name, arg, say(words?.args[arg.name]), startOf(form.tool.startingArguments, arg.name)))}
</fieldset>`;
	}
	if (form.kind === "prompt") {
		const { words, say } = wordsOf<PromptText>(t, "prompts", form.prompt.name);
		return html`<fieldset data-prompt="${form.prompt.name}"${target}${hidden}>
<legend>${t.explorer.promptArgumentsOf(form.prompt.name)}</legend>
${argumentSpecs(jsonSchemaOf(form.prompt.args)).map((arg) => argumentControl(t, `prompt-${form.prompt.name}`, arg, say(words?.args[arg.name]), startOf(form.prompt.startingArguments, arg.name)))}
</fieldset>`;
	}
	const { words, say } = wordsOf<MethodText>(t, "methods", choice.method);
	const field: ArgumentSpec = { name: form.param, type: "string", required: true, maxLength: MAX_URI_CHARS };
	return html`<fieldset${target}${hidden}>
<legend>${t.explorer.paramsOf(choice.method)}</legend>
${argumentControl(t, choice.method.replace(/\//g, "-"), field, say(words?.hint), form.start)}
</fieldset>`;
}

/** The select's option for a choice: a tool or prompt by its name, any other method by what it does. */
function choiceOption(t: PageText, choice: ExplorerChoice): Html {
	const selected = choice.key === FIRST_CHOICE ? html` selected` : "";
	if (choice.name !== undefined)
		return html`<option value="${choice.key}"${selected}>${choice.method}: ${choice.name}</option>`;
	const { words, lang } = wordsOf<MethodText>(t, "methods", choice.method);
	return html`<option value="${choice.key}"${selected}${lang}>${choice.method}: ${words?.choice ?? ""}</option>`;
}

const TOO_LARGE_LIMIT = 50;
const EXAMPLE_TOPIC = "base2026://topics/ai-overviews";

/** The example buttons: what a first visit most wants to see, errors included. */
function examples(t: PageText): (ExplorerExample & { label: string })[] {
	const e = t.explorer.examples;
	const search = toolTarget(searchSourcesTool);
	// Each language's first question, on every page: the vocabulary reads a Spanish one as its
	// English terms (interpreted_as says so).
	const questions = LANGUAGES.map((language) => PAGE_TEXT[language].explorer.examples.question);
	return [
		...questions.map((query) => ({ label: e.search(query), target: search, args: { query } })),
		{ label: "server/discover", target: methodTarget("server/discover"), args: {} },
		{ label: e.readTopic, target: methodTarget("resources/read"), args: { uri: EXAMPLE_TOPIC } },
		{
			label: e.researchPrompt,
			target: promptTarget(researchTopicPrompt),
			args: { topic_id: "ai-overviews" },
		},
		{ label: e.emptyQuery, target: search, args: { query: "" } },
		{ label: e.unknownTopic, target: toolTarget(getTopicTool), args: { topic_id: "no-such-topic" } },
		{
			label: e.limitTooLarge(TOO_LARGE_LIMIT),
			target: search,
			args: { query: PAGE_TEXT[DEFAULT_LANGUAGE].explorer.examples.question, limit: TOO_LARGE_LIMIT },
		},
	];
}

function explorerSection(t: PageText, language: Language): Html {
	const x = t.explorer;
	return html`<section class="explorer" aria-labelledby="explorer"><h2 id="explorer">${x.title}</h2>
<p>${x.intro}</p>
${optionalSection("recorded", language, () => recordedExchangesBlock(t))}
<h3 id="live">${x.live}</h3>
<p>${x.liveIntro}</p>
<noscript><p class="callout">${x.noscript}</p></noscript>
<div class="examples" role="group" aria-labelledby="${ID.examplesLabel}">
<span id="${ID.examplesLabel}">${x.tryExample}</span>
${examples(t).map(({ label, ...example }) => html`<button type="button"${dataAttribute("example", JSON.stringify(example))}>${label}</button>`)}
</div>
<form id="${ID.form}" novalidate>
<div class="field">
<label for="${ID.method}">${x.request}</label>
<select id="${ID.method}" name="method">${EXPLORER_CHOICES.map((choice) => choiceOption(t, choice))}</select>
</div>
<p id="${ID.noArguments}" class="note" hidden>${x.noArguments}</p>
${EXPLORER_CHOICES.map((choice) => choiceFieldset(t, choice))}
<div><button type="submit" class="primary" id="${ID.send}">${x.send}</button></div>
</form>
<div class="io">
<section aria-labelledby="${ID.requestTitle}">
<h4 id="${ID.requestTitle}">${x.request}</h4>
<pre id="${ID.request}" tabindex="0" aria-labelledby="${ID.requestTitle}">${x.choose}</pre>
</section>
<section id="${ID.responsePanel}" aria-labelledby="${ID.responseTitle}">
<h4 id="${ID.responseTitle}">${x.response}</h4>
<p id="${ID.status}" class="status" role="status" aria-live="polite"></p>
<pre id="${ID.response}" tabindex="0" aria-labelledby="${ID.responseTitle}" lang="en"></pre>
</section>
</div>
</section>`;
}

// ---------------------------------------------------------------------------------------------------
// The page

/**
 * A section built from data files (the recordings), or nothing with a log line when that data is
 * broken (an answer citing a source the recording lacks, a file that fails its schema): the rest of
 * the guide is still served. Logged once per isolate, since each language's page is built once.
 */
function optionalSection(section: string, language: Language, build: () => Html): Html | undefined {
	try {
		return build();
	} catch (error) {
		console.error(
			JSON.stringify({ event: "guide_section_left_out", section, language, error: String(error) }),
		);
		return undefined;
	}
}

function guideDocument(language: Language): string {
	const t = PAGE_TEXT[language];
	const n = t.guide.nav;
	// Each session stands alone: one whose answer no longer fits the recording is left out by itself.
	const sessions = SESSION_KEYS.flatMap((key) => {
		const section = optionalSection(sessionAnchor(key), language, () => sessionSection(t, language, key));
		return section === undefined ? [] : [{ key, section }];
	});
	const [firstSession] = sessions;
	return renderPage({
		language,
		chrome: t.chrome,
		title: t.guide.title,
		description: t.guide.description,
		nav: [
			{ href: "#connect", label: n.connect },
			{ href: "#explorer", label: n.explorer },
			...(firstSession === undefined
				? []
				: [{ href: `#${sessionAnchor(firstSession.key)}`, label: n.session }]),
			{ href: "#tools", label: n.tools },
			{ href: "#resources", label: n.resources },
			{ href: "#limits", label: n.limits },
			{ href: "#citing", label: n.citing },
			{ href: "#protocol", label: n.protocol },
		],
		brand: { href: localizedPath(language, GUIDE_PATH), label: t.siteName },
		addresses: GUIDE_ADDRESSES,
		indexable: true,
		main: html`${introSection(t)}${connectSection(t)}${explorerSection(t, language)}${sessions.map(({ section }) => section)}${toolsSection(t)}${resourcesSection(t)}${limitsSection(t)}${boundarySection(t)}${protocolSection(t)}`,
		footer: html`<p>${t.guide.footer}</p>`,
		script: EXPLORER_SCRIPTS[language],
	});
}

/** The origins a page is served with: ORIGIN's and ENDPOINT_ORIGIN's values. */
interface GuideOrigins {
	/** PUBLIC_BASE_URL: canonical, alternates, language switch, discovery links, source pages. */
	public: string;
	/** Where the commands connect: the public origin, or the loopback origin the page was opened at. */
	endpoint: string;
}

/**
 * The request's Host is never trusted for an address (a Host of evil.example must not make the page
 * name evil.example); a loopback one only names the endpoint in the commands, for local use, and no
 * cache shares that page with another host (the edge keys on the host; the page cache is not used).
 */
function guideOrigins(request: Request, publicBaseUrl: string): GuideOrigins {
	const base = publicBaseUrl.replace(/\/+$/, "");
	const url = new URL(request.url);
	return { public: base, endpoint: isLoopback(url) ? url.origin : base };
}

const PLACEHOLDERS = new RegExp(`(${ORIGIN}|${ENDPOINT_ORIGIN})`);

/** Each language's page split at its placeholders (odd parts); built on first use, then reused by the isolate. */
const guideParts = new Map<Language, string[]>();

function renderGuide(language: Language, origins: GuideOrigins): string {
	let parts = guideParts.get(language);
	if (parts === undefined) {
		parts = guideDocument(language).split(PLACEHOLDERS);
		guideParts.set(language, parts);
	}
	const publicOrigin = escapeHtml(origins.public);
	const endpointOrigin = escapeHtml(origins.endpoint);
	return parts
		.map((part, i) => (i % 2 === 0 ? part : part === ORIGIN ? publicOrigin : endpointOrigin))
		.join("");
}

export function serveGuidePage(request: Request, env: Env): Promise<Response> {
	const page = pageLanguage(request);
	return htmlResponse(200, renderGuide(page.language, guideOrigins(request, env.PUBLIC_BASE_URL)), {
		script: EXPLORER_SCRIPTS[page.language],
		connectSelf: true,
		cacheSeconds: GUIDE_CACHE_SECONDS,
		languageHeaders: languageHeaders(page),
	});
}
