/**
 * The human pages through the Worker's own fetch: the guide at /mcp (rendered from the tool registry
 * and the limit constants, every address at the public origin) and the source pages
 * (public-only, escaped, 404 for anything not public).
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SIGNAL_THRESHOLDS } from "../../../src/data/signal-gates";
import { MAX_CARDS, MAX_PASSAGES } from "../../../src/data/sources";
import { MAX_BATCH_MESSAGES, MAX_BODY_BYTES, PAGE_RATE_LIMIT, RATE_LIMIT } from "../../../src/limits";
import { methodsOf } from "../../../src/mcp/methods";
import { RESOURCE_TEMPLATES } from "../../../src/mcp/resource-methods";
import { PROMPT_DESCRIPTORS } from "../../../src/prompts/registry";
import { TOOL_DESCRIPTORS } from "../../../src/tools/registry";
import { SEARCH_LIMIT_MAX, SEARCH_OFFSET_MAX } from "../../../src/tools/search-sources";
import { visibleText } from "../../support/page-text";
import { pageRequest } from "../../support/workers/mcp";

interface Page {
	status: number;
	headers: Headers;
	html: string;
}

async function get(url: string): Promise<Page> {
	const response = await exports.default.fetch(pageRequest(url, { redirect: "manual" }));
	return { status: response.status, headers: response.headers, html: await response.text() };
}

/** The HTML-escaped form a value must take inside the page. */
const escaped = (text: string): string =>
	text
		.replace(/&/g, "&amp;")
		.replace(/</g, "&lt;")
		.replace(/>/g, "&gt;")
		.replace(/"/g, "&quot;")
		.replace(/'/g, "&#39;");

/** The markup of one element that starts with `open` (e.g. `<article ... id="tool-x"`), up to `close`. */
/** A JSON Schema bound as the guide says it: both ends, or the one that is set. */
function rangeText(low: number | undefined, high: number | undefined): string | undefined {
	if (low !== undefined && high !== undefined) return `${low}–${high}`;
	if (low !== undefined) return `at least ${low}`;
	return high === undefined ? undefined : `at most ${high}`;
}

function sectionOf(html: string, marker: string, close: string): string {
	const start = html.indexOf(marker);
	expect(start, `missing ${marker}`).toBeGreaterThanOrEqual(0);
	return html.slice(start, html.indexOf(close, start));
}

async function sha256(text: string): Promise<string> {
	const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
	return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}

const GUIDE_ORIGIN = "https://guide.example.test";

describe("GET /mcp, the guide", () => {
	it("is one HTML page with a strict CSP, nosniff and a few minutes of cache", async () => {
		const page = await get(`${GUIDE_ORIGIN}/mcp`);
		expect(page.status).toBe(200);
		expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
		expect(page.headers.get("x-content-type-options")).toBe("nosniff");
		expect(page.headers.get("cache-control")).toMatch(/^public, max-age=(\d{3})$/);
		const csp = page.headers.get("content-security-policy") ?? "";
		expect(csp).toContain("default-src 'none'");
		expect(csp).toContain("connect-src 'self'");
		expect(page.html).toMatch(/^<!doctype html><html lang="en">/);
		// No external resource of any kind: the page is self-contained. Its links name its own addresses
		// (canonical and its languages' alternates), which no browser loads.
		expect(page.html).not.toMatch(/<(script|img)[^>]+src="https?:/);
		for (const link of page.html.match(/<link [^>]*>/g) ?? [])
			expect(link).toMatch(/^<link (rel="(canonical|alternate)"|rel="icon" href="data:,")/);
		expect(page.html.match(/<h1[\s>]/g)).toHaveLength(1);
		for (const landmark of ["<header", "<nav", '<main id="main"', "<footer"])
			expect(page.html).toContain(landmark);
		expect(page.html).toContain('<a class="skip" href="#main">');
	});

	it("allows exactly its own inline script and stylesheet, by hash", async () => {
		const page = await get(`${GUIDE_ORIGIN}/mcp`);
		const csp = page.headers.get("content-security-policy") ?? "";
		const scripts = [...page.html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
		const styles = [...page.html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? "");
		expect(scripts).toHaveLength(1);
		expect(styles).toHaveLength(1);
		expect(csp).toContain(`script-src ${await sha256(scripts[0] ?? "")}`);
		expect(csp).toContain(`style-src ${await sha256(styles[0] ?? "")}`);
		expect(page.html).not.toMatch(/\son[a-z]+=/);
	});

	it("renders every tool from the registry, in order, with each argument and its bounds", async () => {
		const { html } = await get(`${GUIDE_ORIGIN}/mcp`);
		const positions = TOOL_DESCRIPTORS.map((tool) =>
			html.indexOf(`<article class="tool" id="tool-${tool.name}"`),
		);
		expect(positions.every((p) => p > 0)).toBe(true);
		expect([...positions].sort((a, b) => a - b)).toEqual(positions);
		for (const tool of TOOL_DESCRIPTORS) {
			const section = sectionOf(html, `id="tool-${tool.name}"`, "</article>");
			expect(section).toContain(escaped(tool.title));
			expect(section).toContain(escaped(tool.description));
			const properties = (tool.inputSchema.properties ?? {}) as Record<string, Record<string, any>>;
			const required = (tool.inputSchema.required ?? []) as string[];
			for (const [name, schema] of Object.entries(properties)) {
				const item = sectionOf(section, `<li data-arg="${name}">`, "</li>");
				expect(item).toContain(required.includes(name) ? "required" : "optional");
				expect(item).toContain(String(schema.type));
				if (schema.description) expect(item).toContain(escaped(schema.description));
				const bounds = rangeText(schema.minimum, schema.maximum);
				if (bounds !== undefined) expect(item).toContain(bounds);
				const length = rangeText(schema.minLength, schema.maxLength);
				if (length !== undefined) expect(item).toContain(`${length} characters`);
				if (schema.default !== undefined) expect(item).toContain(`default ${schema.default}`);
				for (const value of schema.enum ?? []) expect(item).toContain(value);
			}
			if (Object.keys(properties).length === 0) expect(section).toContain("None: send <code>{}</code>");
			for (const [key, value] of Object.entries(tool.annotations)) {
				if (key !== "title") expect(section).toContain(`<code>${key}: ${value}</code>`);
			}
			// The JSON Schemas exactly as tools/list sends them.
			expect(visibleText(section)).toContain(JSON.stringify(tool.inputSchema, null, 2));
			expect(visibleText(section)).toContain(JSON.stringify(tool.outputSchema, null, 2));
		}
	});

	it("shows the limits with the values the code enforces", async () => {
		const text = visibleText((await get(`${GUIDE_ORIGIN}/mcp`)).html);
		expect(text).toContain(`At most ${MAX_BODY_BYTES / 1024} KiB (${MAX_BODY_BYTES} bytes)`);
		expect(text).toContain(
			`${RATE_LIMIT.requests} JSON-RPC messages per ${RATE_LIMIT.periodSeconds} seconds per client`,
		);
		expect(text).toContain(`at most ${MAX_BATCH_MESSAGES} messages`);
		expect(text).toContain(
			`own budget of ${PAGE_RATE_LIMIT.requests} requests per ${PAGE_RATE_LIMIT.periodSeconds} seconds`,
		);
		expect(text).toContain(`429 with Retry-After: ${RATE_LIMIT.periodSeconds}`);
		expect(text).toContain(
			`limit 1–${SEARCH_LIMIT_MAX} (default 5), offset 0–${SEARCH_OFFSET_MAX} (default 0)`,
		);
		expect(text).toContain(`At most ${MAX_PASSAGES} passages and ${MAX_CARDS} applied evidence cards`);
		expect(text).toContain(
			`strong only when sources ≥ ${SIGNAL_THRESHOLDS.sources}, creators ≥ ${SIGNAL_THRESHOLDS.creators} and applied insights ≥ ${SIGNAL_THRESHOLDS.applied_insights}`,
		);
		for (const version of ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"])
			expect(text).toContain(version);
		expect(text).toContain("Allow: POST");
	});

	it("states the public boundary and the citation rules", async () => {
		const text = visibleText((await get(`${GUIDE_ORIGIN}/mcp`)).html);
		expect(text).toContain("original_url and source_page_url");
		for (const phrase of [
			"a real-time ranking",
			"a complete corpus",
			"a full transcript",
			"independent confirmation of a creator's claim",
		]) {
			expect(text).toContain(phrase);
		}
	});

	it("names the public endpoint in every command, or a loopback origin the page was opened at", async () => {
		for (const [origin, endpoint] of [
			[GUIDE_ORIGIN, `${env.PUBLIC_BASE_URL}/api/mcp`],
			["http://evil.example", `${env.PUBLIC_BASE_URL}/api/mcp`],
			["http://127.0.0.1:8787", "http://127.0.0.1:8787/api/mcp"],
			["http://localhost:3000", "http://localhost:3000/api/mcp"],
		]) {
			const text = visibleText((await get(`${origin}/mcp`)).html);
			expect(text).toContain(`claude mcp add --transport http base2026 ${endpoint}`);
			expect(text).toContain(
				JSON.stringify({ mcpServers: { base2026: { type: "http", url: endpoint } } }, null, 2),
			);
			expect(text).toContain(`codex mcp add base2026 --url ${endpoint}`);
			expect(text).toContain(`[mcp_servers.base2026]\nurl = "${endpoint}"`);
			expect(text).toContain(`curl -sS ${endpoint} \\`);
			expect(text).not.toContain("__BASE2026_");
		}
	});

	it("takes no address from the request's Host: canonical, alternates, language switch, links and commands are the public origin's", async () => {
		for (const path of ["/mcp", "/en/mcp", "/es/mcp"]) {
			// In the Workers runtime a request's URL carries its Host header's name.
			const page = (await get(`http://evil.example${path}`)).html;
			expect(page, path).not.toContain("evil.example");
			expect(page).toMatch(new RegExp(`<link rel="canonical" href="${env.PUBLIC_BASE_URL}/(en|es)/mcp">`));
			expect(page).toContain(`<link rel="alternate" hreflang="x-default" href="${env.PUBLIC_BASE_URL}/mcp">`);
			expect(page).toContain(`href="${env.PUBLIC_BASE_URL}/es/mcp" hreflang="es"`);
			expect(page).toContain(`href="${env.PUBLIC_BASE_URL}/api/mcp/server-card"`);
		}
		// A loopback page still links to the public addresses; only its commands are local.
		const local = (await get("http://127.0.0.1:8787/en/mcp")).html;
		expect(local).toContain(`<link rel="canonical" href="${env.PUBLIC_BASE_URL}/en/mcp">`);
		expect(local).not.toContain('href="http://127.0.0.1');
	});

	it("gives curl examples that the endpoint accepts as written", async () => {
		const text = visibleText((await get(`${GUIDE_ORIGIN}/mcp`)).html);
		const commands = [...text.matchAll(/curl -sS (\S+) \\\n((?: {2}-H '[^']+' \\\n)+) {2}-d '([^']+)'/g)];
		expect(commands.map((c) => JSON.parse(c[3] ?? "").method)).toEqual([
			"server/discover",
			"tools/call",
			"resources/read",
		]);
		for (const [, url, headerLines, body] of commands) {
			expect(url).toBe(`${env.PUBLIC_BASE_URL}/api/mcp`);
			expect(body).toContain('"io.modelcontextprotocol/clientCapabilities":{}');
			const headers = Object.fromEntries(
				[...(headerLines ?? "").matchAll(/-H '([^:]+): ([^']+)'/g)].map((h) => [h[1] ?? "", h[2] ?? ""]),
			);
			const response = await exports.default.fetch(
				new Request("https://base2026.dev/api/mcp", { method: "POST", headers, body }),
			);
			const json = (await response.json()) as Record<string, any>;
			expect(response.status).toBe(200);
			expect(json.result.resultType).toBe("complete");
			expect(json.error).toBeUndefined();
		}
	});

	it("documents the resources, templates and prompts from the same registries the server lists", async () => {
		const { html } = await get(`${GUIDE_ORIGIN}/mcp`);
		const section = sectionOf(html, '<section aria-labelledby="resources">', "</section>");
		expect(section).toContain("<code>base2026://manifest</code>");
		for (const template of RESOURCE_TEMPLATES)
			expect(section).toContain(`<code>${template.uriTemplate}</code>`);
		for (const prompt of PROMPT_DESCRIPTORS) {
			const article = sectionOf(section, `<article class="prompt" id="prompt-${prompt.name}"`, "</article>");
			for (const arg of prompt.arguments) {
				expect(article).toContain(`<li data-arg="${arg.name}">`);
				expect(article).toContain(arg.required ? "required" : "optional");
			}
		}
		const form = sectionOf(html, '<form id="explorer-form"', "</form>");
		// Each method 2026-07-28 answers is a choice as its table entry offers it: once, per tool or
		// prompt (below), or not at all.
		for (const method of methodsOf("modern")) {
			const once = method.explorer !== undefined && !("each" in method.explorer);
			expect(form.includes(`<option value="${method.method}"`), method.method).toBe(once);
		}
		for (const prompt of PROMPT_DESCRIPTORS) {
			expect(form).toContain(`<option value="prompts/get:${prompt.name}"`);
			const fieldset = sectionOf(form, `<fieldset data-prompt="${prompt.name}"`, "</fieldset>");
			for (const arg of prompt.arguments)
				expect(fieldset).toContain(`<label for="arg-prompt-${prompt.name}-${arg.name}">`);
		}
		expect(form).toContain('<label for="arg-resources-read-uri">');
	});

	it("has an explorer form generated from each tool's inputSchema, every control labelled", async () => {
		const { html } = await get(`${GUIDE_ORIGIN}/mcp`);
		const form = sectionOf(html, '<form id="explorer-form"', "</form>");
		for (const tool of TOOL_DESCRIPTORS) {
			expect(form).toContain(`<option value="tools/call:${tool.name}"`);
			const fieldset = sectionOf(form, `<fieldset data-tool="${tool.name}"`, "</fieldset>");
			const properties = (tool.inputSchema.properties ?? {}) as Record<string, Record<string, any>>;
			for (const [name, schema] of Object.entries(properties)) {
				const id = `arg-${tool.name}-${name}`;
				expect(fieldset).toContain(`<label for="${id}">`);
				const control = fieldset.match(new RegExp(`<(input|select) id="${id}"[^>]*>`))?.[0] ?? "";
				expect(control, `${tool.name}.${name}`).not.toBe("");
				if (schema.enum) expect(control.startsWith("<select")).toBe(true);
				if (schema.minimum !== undefined) expect(control).toContain(`min="${schema.minimum}"`);
				if (schema.maximum !== undefined) expect(control).toContain(`max="${schema.maximum}"`);
				if (schema.default !== undefined) expect(control).toContain(`value="${schema.default}"`);
			}
		}
		// Every control in the page has a label or an accessible name.
		for (const control of html.match(/<(input|select)\s[^>]*>/g) ?? []) {
			const id = control.match(/ id="([^"]+)"/)?.[1];
			expect(id, control).toBeDefined();
			expect(html).toContain(`<label for="${id}">`);
		}
		expect(html).toMatch(/<p id="explorer-status"[^>]*aria-live="polite"/);
		for (const example of ["Empty query", "Unknown topic", "Limit 50"]) expect(html).toContain(example);
		// Every example button targets a method the explorer offers (a listed tool, discover or tools/list).
		const targets = [...html.matchAll(/data-example="([^"]+)"/g)].map(
			(m) => JSON.parse((m[1] ?? "").replaceAll("&quot;", '"').replaceAll("&amp;", "&")).target as string,
		);
		expect(targets.length).toBeGreaterThanOrEqual(3);
		for (const target of targets) expect(form, target).toContain(`<option value="${target}"`);
	});

	it("is not an API: only GET, and POST /mcp is not the endpoint", async () => {
		const response = await exports.default.fetch(new Request(`${GUIDE_ORIGIN}/mcp`, { method: "POST" }));
		expect(response.status).toBe(404);
	});
});

// ---------------------------------------------------------------------------------------------------
// Source pages

const NOW = "2026-05-01T00:00:00Z";
const PLANTED = {
	creator: {
		creator_id: "cr-pagestest",
		handle: "Page.Tester",
		display_name: 'Pat <b>"Tester"</b>',
		profile_url: "https://www.tiktok.com/@page.tester",
	},
	published: "src_pagestestpub",
	title: '<script>alert("title")</script> Schema & snippets',
	summary: "A summary with <i>markup</i> in it.",
	originalUrl: "https://www.tiktok.com/@page.tester/video/7400000000000000001",
	videoId: "7400000000000000001",
	passages: [
		{ ordinal: 1, start_ms: 5_000, end_ms: 12_500, text: "First <img src=x onerror=alert(1)> passage." },
		{ ordinal: 2, start_ms: 65_000, end_ms: 71_000, text: "Second passage about AI Overviews." },
	],
	card: { card_id: "card_pagestesta1", claim: "Claim with <u>tags</u>", evidence: "Shown at 01:05." },
	draftCard: { card_id: "card_pagestestd1", claim: "A draft claim nobody may see" },
	unpublished: "src_pagestestunpub",
	removed: "src_pagestestgone",
	unsafeLink: "src_pagestestjs",
	topic: { topic_id: "pages-test-topic", label: "Pages test topic" },
};

/** Rows this file needs whatever the seed holds: a published source with tricky text, and hidden ones. */
async function plant(): Promise<void> {
	const c = PLANTED.creator;
	const source = (id: string, state: string, title: string, url: string) =>
		env.DB.prepare(
			`INSERT OR IGNORE INTO sources (source_id, creator_id, platform, original_url, title, summary, published_at,
			 duration_seconds, language, publication_state, state_reason, updated_at)
			 VALUES (?1, ?2, 'tiktok', ?3, ?4, ?5, '2026-03-01', 75, 'en', ?6, NULL, ?7)`,
		).bind(id, c.creator_id, url, title, PLANTED.summary, state, NOW);
	await env.DB.batch([
		env.DB.prepare(
			`INSERT OR IGNORE INTO creators (creator_id, handle, handle_key, display_name, platform, profile_url, bio, updated_at)
			 VALUES (?1, ?2, ?3, ?4, 'tiktok', ?5, '', ?6)`,
		).bind(c.creator_id, c.handle, c.handle.toLowerCase(), c.display_name, c.profile_url, NOW),
		env.DB.prepare(
			"INSERT OR IGNORE INTO topics (topic_id, label, description, created_at) VALUES (?1, ?2, '', ?3)",
		).bind(PLANTED.topic.topic_id, PLANTED.topic.label, NOW),
		source(PLANTED.published, "published", PLANTED.title, PLANTED.originalUrl),
		source(PLANTED.unpublished, "unpublished", "An unpublished source", "https://www.tiktok.com/@p/video/1"),
		source(PLANTED.removed, "removed", "A removed source", "https://www.tiktok.com/@p/video/2"),
		source(PLANTED.unsafeLink, "published", "A source with an unsafe link", "javascript:alert(1)"),
		env.DB.prepare(
			"INSERT OR IGNORE INTO source_aliases (alias, alias_kind, source_id) VALUES (?1, 'video_id', ?2)",
		).bind(PLANTED.videoId, PLANTED.published),
		env.DB.prepare("INSERT OR IGNORE INTO source_topics (source_id, topic_id) VALUES (?1, ?2)").bind(
			PLANTED.published,
			PLANTED.topic.topic_id,
		),
		...[PLANTED.published, PLANTED.unpublished].flatMap((id) =>
			PLANTED.passages.map((p) =>
				env.DB.prepare(
					"INSERT OR IGNORE INTO passages (source_id, ordinal, start_ms, end_ms, text) VALUES (?1, ?2, ?3, ?4, ?5)",
				).bind(id, p.ordinal, p.start_ms, p.end_ms, p.text),
			),
		),
		env.DB.prepare(
			`INSERT OR IGNORE INTO evidence_cards (card_id, source_id, topic_id, claim, evidence, review_state, reviewed_at, updated_at)
			 VALUES (?1, ?2, ?3, ?4, ?5, 'applied', '2026-04-01T10:00:00Z', ?6), (?7, ?2, ?3, ?8, 'x', 'draft', NULL, ?6)`,
		).bind(
			PLANTED.card.card_id,
			PLANTED.published,
			PLANTED.topic.topic_id,
			PLANTED.card.claim,
			PLANTED.card.evidence,
			NOW,
			PLANTED.draftCard.card_id,
			PLANTED.draftCard.claim,
		),
	]);
}

/** One source of the seed in a given state (not one this file planted), or undefined when the seed has none. */
async function seedSource(state: string): Promise<string | undefined> {
	const row = await env.DB.prepare(
		"SELECT source_id FROM sources WHERE publication_state = ?1 AND source_id NOT LIKE 'src_pagestest%' ORDER BY source_id LIMIT 1",
	)
		.bind(state)
		.first<{ source_id: string }>();
	return row?.source_id;
}

const SEED = {
	published: await seedSource("published"),
	unpublished: await seedSource("unpublished"),
	removed: await seedSource("removed"),
};

const sourceUrl = (id: string) => `https://base2026.dev/sources/${encodeURIComponent(id)}`;

function expectNotFound(page: Page, id: string) {
	expect(page.status).toBe(404);
	expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
	expect(page.html).toContain("<h1>Source not found</h1>");
	expect(page.html).toContain(`<code>${escaped(id)}</code>`);
}

describe("GET /sources/:id", () => {
	it("the seed holds a published, an unpublished and a removed source (the tests below use them)", () => {
		expect(SEED).toEqual({
			published: expect.any(String),
			unpublished: expect.any(String),
			removed: expect.any(String),
		});
	});

	it("shows a published source of the seed with its title and passages", async () => {
		const id = SEED.published as string;
		const source = await env.DB.prepare("SELECT title, language FROM sources WHERE source_id = ?1")
			.bind(id)
			.first<{ title: string; language: string }>();
		const passages = await env.DB.prepare(
			`SELECT text FROM passages WHERE source_id = ?1 ORDER BY ordinal LIMIT ${MAX_PASSAGES}`,
		)
			.bind(id)
			.all<{ text: string }>();
		const page = await get(sourceUrl(id));
		expect(page.status).toBe(200);
		// The record in its own language, whatever the page's (the seed's sources are English).
		expect(page.html).toContain(
			`<h1 id="source-title" lang="${source?.language}">${escaped(source?.title ?? "")}</h1>`,
		);
		for (const passage of passages.results) expect(page.html).toContain(escaped(passage.text));
	});

	for (const state of ["unpublished", "removed"] as const) {
		it(`is 404 for the seed's ${state} source`, async () => {
			const id = SEED[state] as string;
			expectNotFound(await get(sourceUrl(id)), id);
		});
	}

	it("shows a published source: creator, platform, date, duration, original, summary, passages, cards, topics, citation", async () => {
		await plant();
		const page = await get(sourceUrl(PLANTED.published));
		expect(page.status).toBe(200);
		expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
		expect(page.headers.get("content-security-policy")).toContain("script-src 'none'");
		expect(page.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
		const { html } = page;
		expect(html).toContain(`<h1 id="source-title" lang="en">${escaped(PLANTED.title)}</h1>`);
		expect(html).toContain(
			`<a href="${PLANTED.creator.profile_url}" rel="noopener nofollow"><bdi>${escaped(PLANTED.creator.display_name)}</bdi></a> (<bdi>@${PLANTED.creator.handle}</bdi>)`,
		);
		expect(html).toContain("<dd>TikTok</dd>");
		expect(html).toContain('<time datetime="2026-03-01">2026-03-01</time>');
		expect(html).toContain("<dd>01:15</dd>");
		expect(html).toContain(`<a href="${PLANTED.originalUrl}" rel="noopener nofollow">`);
		expect(html).toContain(escaped(PLANTED.summary));
		expect(html).toContain('<span class="offset">00:05–00:12</span>');
		expect(html).toContain('<span class="offset">01:05–01:11</span>');
		for (const passage of PLANTED.passages) expect(html).toContain(escaped(passage.text));
		expect(html).toContain("2 of 2 public passages");
		expect(html).toContain(escaped(PLANTED.card.claim));
		expect(html).toContain(escaped(PLANTED.card.evidence));
		expect(html).toContain("1 of 1 applied cards");
		expect(html).not.toContain(PLANTED.draftCard.claim);
		expect(html).toContain(`${PLANTED.topic.label} <code>${PLANTED.topic.topic_id}</code>`);
		// The cite box: both links, and the canonical page at the public origin.
		const cite = sectionOf(html, '<aside class="callout"', "</aside>");
		expect(cite).toContain(PLANTED.originalUrl);
		expect(cite).toContain(`${env.PUBLIC_BASE_URL}/sources/${PLANTED.published}`);
		expect(html).toContain(
			`<link rel="canonical" href="${env.PUBLIC_BASE_URL}/en/sources/${PLANTED.published}">`,
		);
	});

	it("escapes every value from the database", async () => {
		await plant();
		const { html } = await get(sourceUrl(PLANTED.published));
		expect(html).not.toContain("<script>alert");
		expect(html).not.toContain("<img src=x");
		expect(html).not.toContain("<i>markup</i>");
		expect(html).not.toContain("<u>tags</u>");
		expect(html).not.toContain("<b>");
		expect(html).not.toMatch(/<script/);
	});

	it("never turns a non-http URL into a link", async () => {
		await plant();
		const page = await get(sourceUrl(PLANTED.unsafeLink));
		expect(page.status).toBe(200);
		expect(page.html).not.toMatch(/href="javascript:/i);
		expect(page.html).toContain("<span>javascript:alert(1)</span>");
	});

	it("is 404 for unpublished and removed sources, exactly like get_source", async () => {
		await plant();
		for (const id of [PLANTED.unpublished, PLANTED.removed]) expectNotFound(await get(sourceUrl(id)), id);
	});

	it("is 404 for an unknown id, escaping the id it echoes", async () => {
		expectNotFound(await get(sourceUrl("src_nosuchsource")), "src_nosuchsource");
		const tricky = '<script>alert("id")</script>';
		const page = await get(sourceUrl(tricky));
		expectNotFound(page, tricky);
		expect(page.html).not.toContain("<script>alert");
		expectNotFound(await get("https://base2026.dev/sources/%E0%A4%A"), "%E0%A4%A");
	});

	it("redirects an alias of a public source to its canonical page", async () => {
		await plant();
		const page = await get(sourceUrl(PLANTED.videoId));
		expect(page.status).toBe(301);
		expect(page.headers.get("location")).toBe(`/sources/${PLANTED.published}`);
	});
});

describe("HEAD", () => {
	it("answers HEAD on the pages with the GET status and no body", async () => {
		const guide = await exports.default.fetch(pageRequest("https://base2026.dev/mcp", { method: "HEAD" }));
		expect(guide.status).toBe(200);
		expect(guide.headers.get("content-type")).toContain("text/html");
		expect(await guide.text()).toBe("");
		const missing = await exports.default.fetch(
			pageRequest("https://base2026.dev/sources/src_nosuchsource", { method: "HEAD" }),
		);
		expect(missing.status).toBe(404);
	});
});
