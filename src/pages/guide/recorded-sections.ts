/**
 * The guide's recorded parts, rendered on the server from data/recordings.json: the exchanges (each
 * request and answer as it went over the wire, with its date and origin) and the research session
 * told over three of them, with an answer whose every claim quotes a recorded answer and links to its
 * source. Plain HTML, no script: they read the same with the endpoint down or the budget spent.
 */
import * as v from "valibot";
import type { ResultOf } from "../../mcp/methods";
import { sourcePageUrl } from "../../tools/citations";
import { getSourceTool } from "../../tools/get-source";
import { getTopicSignalTool } from "../../tools/get-topic-signal";
import { searchSourcesTool } from "../../tools/search-sources";
import type { SourceRef } from "../../tools/shapes";
import type { Tool, ToolOutput } from "../../tools/tool";
import { codeBlock, externalLink, type Html, html } from "../html";
import type { Language } from "../language";
import type { PageText } from "../text/page-text";
import { ORIGIN } from "./guide-facts";
import { type ExchangeKey, type RecordedExchange, recorded, recordings, SESSION_STEPS } from "./recordings";

/** The moment of the capture, in the page's words, as a <time>: in full, or only its day. */
function capturedAt(t: PageText, day = false): Html {
	const at = recordings().recording.captured_at;
	return html`<time datetime="${at}">${day ? t.words.date(at) : t.words.dateTime(at)}</time>`;
}

/** A request as it went over the wire: method and URL, headers, body. */
function requestText(exchange: RecordedExchange): string {
	const { request } = exchange;
	const head = [
		`${request.method} ${recordings().recording.url}`,
		...Object.entries(request.headers).map(([n, v]) => `${n}: ${v}`),
	];
	return `${head.join("\n")}\n\n${JSON.stringify(request.body, null, 2)}`;
}

/** An answer as it came back: status, the headers a client acts on, body. */
function responseText(exchange: RecordedExchange): string {
	const { response } = exchange;
	const head = [`HTTP ${response.status}`, ...Object.entries(response.headers).map(([n, v]) => `${n}: ${v}`)];
	return response.body === null
		? head.join("\n")
		: `${head.join("\n")}\n\n${JSON.stringify(response.body, null, 2)}`;
}

/** The method of a recorded request and, for a tool call, the tool: "tools/call search_sources". */
function methodOf(exchange: RecordedExchange): string {
	const body = exchange.request.body as { method?: string; params?: { name?: string } };
	return body.params?.name === undefined ? String(body.method) : `${body.method} ${body.params.name}`;
}

function exchangeDetails(t: PageText, exchange: RecordedExchange): Html {
	const r = t.explorer.recorded;
	return html`<li><details id="recorded-${exchange.key}" data-recorded="${exchange.key}">
<summary><span>${r.labels[exchange.key]}</span> · <code>${methodOf(exchange)}</code> · <span class="status-code">HTTP ${exchange.response.status}</span> · <span class="muted">${r.recordedOn(capturedAt(t, true))}</span></summary>
<div class="io">
<section><h4>${t.explorer.request}</h4><div lang="en">${codeBlock(requestText(exchange))}</div></section>
<section><h4>${t.explorer.response}</h4><div lang="en">${codeBlock(responseText(exchange))}</div></section>
</div>
</details></li>`;
}

export function recordedExchangesBlock(t: PageText): Html {
	const { recording } = recordings();
	const r = t.explorer.recorded;
	return html`<h3 id="recorded">${r.title}</h3>
<p>${r.intro(html`<code>${recording.url}</code>`, capturedAt(t), `${recording.server.name} ${recording.server.version}`)}</p>
<ul class="recordings">${recording.exchanges.map((exchange) => exchangeDetails(t, exchange))}</ul>`;
}

// -------------------------------------------------------------------------------------------------
// The session

/** A recorded tool answer's structuredContent, read with the tool's own output schema. */
function answerOf<T extends Tool>(key: ExchangeKey, tool: T): ToolOutput<T> {
	const body = recorded(key).response.body as { result?: { structuredContent?: unknown } } | null;
	return v.parse(tool.output, body?.result?.structuredContent);
}

/** A recorded tools/call answer's text, read as the method table types that method's result. */
const textOf = (key: ExchangeKey): string =>
	((recorded(key).response.body as { result?: ResultOf<"tools/call"> } | null)?.result?.content ?? [])
		.map((part) => part.text)
		.join("\n");

/** A source as the recorded answers name it: its creator and both citation links. */
type CitedSource = Pick<SourceRef, "creator_handle" | "original_url" | "source_page_url">;

/** Every source the session's recorded answers describe, by id. */
function recordedSources(): Map<string, CitedSource> {
	const sources = new Map<string, CitedSource>();
	for (const hit of answerOf("search", searchSourcesTool).results) sources.set(hit.source_id, hit);
	const opened = answerOf("get-source", getSourceTool).source;
	sources.set(opened.source_id, opened);
	return sources;
}

function step(t: PageText, key: (typeof SESSION_STEPS)[number], n: number): Html {
	const s = t.session;
	const exchange = recorded(key);
	const params = (exchange.request.body as { params: { name: string; arguments: unknown } }).params;
	return html`<li class="step" id="session-${key}">
<h3>${s.step(n, params.name)}</h3>
<p>${s.purpose[key]}</p>
<h4>${s.arguments}</h4>
<div lang="en">${codeBlock(JSON.stringify(params.arguments, null, 2))}</div>
<h4>${s.cameBack}</h4>
<div lang="en">${codeBlock(textOf(key))}</div>
<p><a href="#recorded-${key}">${s.whole}</a></p>
</li>`;
}

/**
 * A claim in the page's language: its quote marked as the source's words, the creator named from the
 * recording, the source page linked at the serving (public) origin, never at the capture's.
 */
function claim(t: PageText, language: Language, sources: Map<string, CitedSource>, index: number): Html {
	const written = recordings().answer.claims[index];
	const source = written === undefined ? undefined : sources.get(written.source_id);
	if (written === undefined || source === undefined)
		throw new Error(`session claim ${index + 1} cites a source the recorded session did not return`);
	const parts = written[language].split(/(\{quote\}|\{creator\})/);
	return html`<li>${parts.map((part) =>
		part === "{quote}"
			? html`<q lang="en">${written.quote}</q>`
			: part === "{creator}"
				? html`<bdi>${source.creator_handle}</bdi>`
				: part,
	)} (<a href="${sourcePageUrl(ORIGIN, written.source_id)}">${t.session.sourcePage}</a>, ${externalLink(source.original_url, t.session.original)})</li>`;
}

function gateNote(t: PageText): Html {
	const signal = answerOf("get-topic-signal", getTopicSignalTool);
	const { gates, computed } = signal;
	// A topic added after the last refresh has no counts yet: nothing to say about its gate.
	if (gates === null || computed === null) return html``;
	const at = computed.computed_at ?? "";
	return html`<p>${t.session.gate(
		html`<code>${signal.topic_id}</code>`,
		gates.sources.count,
		gates.creators.count,
		gates.applied_insights.count,
		html`<time datetime="${at}">${t.words.dateTime(at)}</time>`,
	)}</p>`;
}

export function sessionSection(t: PageText, language: Language): Html {
	const { recording, answer } = recordings();
	const s = t.session;
	const sources = recordedSources();
	return html`<section class="session" aria-labelledby="session"><h2 id="session">${s.title}</h2>
<p class="callout">${s.label(capturedAt(t), html`<code>${recording.url}</code>`)}</p>
<h3>${s.question}</h3>
<blockquote><p>${answer.question[language]}</p></blockquote>
<ol class="steps">${SESSION_STEPS.map((key, i) => step(t, key, i + 1))}</ol>
<h3 id="session-answer">${s.answer}</h3>
<p class="note">${s.answerNote}</p>
<ol class="claims">${answer.claims.map((_, i) => claim(t, language, sources, i))}</ol>
${gateNote(t)}
</section>`;
}
