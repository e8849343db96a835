/**
 * The guide's recorded parts, rendered on the server from data/recordings.json: the exchanges (each
 * request and answer as it went over the wire, with its date and origin) and the research sessions
 * told over them, each with an answer whose every claim quotes a recorded answer and links to where
 * the words came from: a source, or the step's recorded exchange. Plain HTML, no script: they read the same with the endpoint down or the budget spent.
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
import {
	type ExchangeKey,
	type RecordedExchange,
	recorded,
	recordings,
	SESSIONS,
	type SessionKey,
	type SessionStep,
} from "./recordings";

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

/** Every source a session's recorded answers describe, by id: its searches' hits and the source it opened. */
function recordedSources(session: SessionKey): Map<string, CitedSource> {
	const sources = new Map<string, CitedSource>();
	const steps: readonly ExchangeKey[] = SESSIONS[session];
	for (const key of steps) {
		const tool = (recorded(key).request.body as { params?: { name?: string } }).params?.name;
		if (tool === searchSourcesTool.name)
			for (const hit of answerOf(key, searchSourcesTool).results) sources.set(hit.source_id, hit);
		if (tool === getSourceTool.name) {
			const opened = answerOf(key, getSourceTool).source;
			sources.set(opened.source_id, opened);
		}
	}
	return sources;
}

/** A recorded tool answer that is a tool error (isError: true), which carries no structuredContent. */
const isToolError = (key: ExchangeKey): boolean =>
	(recorded(key).response.body as { result?: { isError?: unknown } } | null)?.result?.isError === true;

function step(t: PageText, key: SessionStep, n: number): Html {
	const s = t.session;
	const exchange = recorded(key);
	const params = (exchange.request.body as { params: { name: string; arguments: unknown } }).params;
	return html`<li class="step" id="session-${key}">
<h3>${s.step(n, params.name)}</h3>
<p>${s.purpose[key]}</p>
<h4>${s.arguments}</h4>
<div lang="en">${codeBlock(JSON.stringify(params.arguments, null, 2))}</div>
<h4>${isToolError(key) ? s.cameBackError : s.cameBack}</h4>
<div lang="en">${codeBlock(textOf(key))}</div>
<p><a href="#recorded-${key}">${s.whole}</a></p>
</li>`;
}

/**
 * A claim in the page's language: its quote marked as the words it rests on. A claim about a source
 * names the creator from the recording and links the source page at the serving (public) origin,
 * never at the capture's, and the original; a claim about a step's answer links that step and its
 * recorded exchange.
 */
function claim(t: PageText, language: Language, session: SessionKey, index: number): Html {
	const written = recordings().answers.sessions[session].claims[index];
	if (written === undefined) throw new Error(`${session} session claim ${index + 1} does not exist`);
	let source: CitedSource | undefined;
	let links: Html;
	if ("source_id" in written) {
		source = recordedSources(session).get(written.source_id);
		if (source === undefined)
			throw new Error(
				`${session} session claim ${index + 1} cites a source the recorded session did not return`,
			);
		links = html`<a href="${sourcePageUrl(ORIGIN, written.source_id)}">${t.session.sourcePage}</a>, ${externalLink(source.original_url, t.session.original)}`;
	} else {
		if (!(SESSIONS[session] as readonly ExchangeKey[]).includes(written.step))
			throw new Error(`${session} session claim ${index + 1} cites a step of another session`);
		links = html`<a href="#session-${written.step}">${t.session.stepLink}</a>, <a href="#recorded-${written.step}">${t.session.exchangeLink}</a>`;
	}
	const said = written[language].split(/(\{quote\}|\{creator\})/).map((part) => {
		if (part === "{quote}") return html`<q lang="en">${written.quote}</q>`;
		if (part !== "{creator}") return part;
		if (source === undefined)
			throw new Error(`${session} session claim ${index + 1} names {creator} but cites no source`);
		return html`<bdi>${source.creator_handle}</bdi>`;
	});
	return html`<li>${said} (${links})</li>`;
}

function gateNote(t: PageText, session: SessionKey): Html {
	if (!(SESSIONS[session] as readonly ExchangeKey[]).includes("get-topic-signal")) return html``;
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

/** The anchor of a session's section: the guide's navigation links the first. */
export const sessionAnchor = (session: SessionKey): string => `session-${session}`;

export function sessionSection(t: PageText, language: Language, session: SessionKey): Html {
	const { recording, answers } = recordings();
	const answer = answers.sessions[session];
	const s = t.session;
	const run = s.sessions[session];
	const id = sessionAnchor(session);
	return html`<section class="session" aria-labelledby="${id}"><h2 id="${id}">${run.title}</h2>
<p class="callout">${s.label(capturedAt(t), html`<code>${recording.url}</code>`, run.plan)}</p>
<h3>${s.question}</h3>
<blockquote${answer.recorded_in === language ? "" : html` lang="${answer.recorded_in}"`}><p>${answer.question[answer.recorded_in]}</p></blockquote>
${answer.recorded_in === language ? "" : html`<p class="note">${s.recordedIn(answer.recorded_in, answer.question[language])}</p>`}
<ol class="steps">${SESSIONS[session].map((key, i) => step(t, key, i + 1))}</ol>
<h3 id="${id}-answer">${s.answer}</h3>
<p class="note">${s.answerNote}</p>
<ol class="claims">${answer.claims.map((_, i) => claim(t, language, session, i))}</ol>
${gateNote(t, session)}
</section>`;
}
