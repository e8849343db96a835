/**
 * Source pages and the guide: their own per-identity budget through the same limiter chain, and an
 * edge cache keyed by the public tables' change counter, so a takedown or correction shows at once.
 * Real Worker, real D1, Miniflare's real rate-limit binding, Durable Object and Cache API.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import worker from "../../../src/index";
import { PAGE_RATE_LIMIT, RATE_LIMIT } from "../../../src/limits";
import { PAGE_CACHE_HEADER } from "../../../src/pages/page-cache";
import { ES } from "../../../src/pages/text/es";
import { ENDPOINT, inOneWindow, MODERN_META, modernHeaders } from "../../support/workers/mcp";
import { one } from "../../support/workers/tool-helpers";

// A test may first wait for the next rate-limit window (inOneWindow).
vi.setConfig({ testTimeout: 30_000 });

const BASE = "https://base2026.dev";

let addressCounter = 0;
/** A documentation-range address (RFC 5737) no other test file uses. */
const uniqueIp = () => `192.0.2.${++addressCounter}`;

interface Fetched {
	status: number;
	cache: string | null;
	html: string;
	headers: Headers;
}

/** GET a page through the Worker (with some bindings replaced), after its cache writes have landed. */
async function page(
	path: string,
	ip: string = uniqueIp(),
	bindings: Partial<Record<keyof Env, unknown>> = {},
): Promise<Fetched> {
	const ctx = createExecutionContext();
	const response = await worker.fetch(
		new Request(`${BASE}${path}`, {
			headers: { "cf-connecting-ip": ip },
			redirect: "manual",
		}) as Parameters<typeof worker.fetch>[0],
		{ ...env, ...bindings } as Env,
		ctx,
	);
	const html = await response.text();
	await waitOnExecutionContext(ctx);
	return {
		status: response.status,
		cache: response.headers.get(PAGE_CACHE_HEADER),
		html,
		headers: response.headers,
	};
}

/** A published source of the sample no other test in this file touches, and one of its passages. */
async function publishedSource(
	skip: number,
): Promise<{ source_id: string; passage_id: number; text: string }> {
	return one(
		`SELECT s.source_id, p.passage_id, p.text FROM sources s JOIN passages p ON p.source_id = s.source_id
		 WHERE s.publication_state = 'published' AND p.ordinal = 1 ORDER BY s.source_id LIMIT 1 OFFSET ?1`,
		skip,
	);
}

describe("page budget", () => {
	it(`answers ${PAGE_RATE_LIMIT.requests} page requests a window per identity, then 429 with Retry-After`, async () => {
		await inOneWindow();
		const ip = uniqueIp();
		const { source_id } = await publishedSource(0);
		for (let i = 0; i < PAGE_RATE_LIMIT.requests; i++) {
			const fetched = await page(i % 2 === 0 ? "/mcp" : `/sources/${source_id}`, ip);
			expect(fetched.status).toBe(200);
		}
		const refused = await page(`/sources/${source_id}`, ip);
		expect(refused.status).toBe(429);
		expect(refused.headers.get("retry-after")).toBe(String(PAGE_RATE_LIMIT.periodSeconds));
		expect(refused.html).toMatch(/Too many page requests/);
		expect((await page("/mcp", ip)).status).toBe(429);
		// In the language of the page that was asked for: its address's.
		const spanish = await page(`/es/sources/${source_id}`, ip);
		expect(spanish.status).toBe(429);
		expect(spanish.headers.get("content-language")).toBe("es");
		expect(spanish.html).toBe(`${ES.plain.tooManyPages}\n`);
		expect(spanish.html).toContain(
			`como máximo ${PAGE_RATE_LIMIT.requests} solicitudes cada ${PAGE_RATE_LIMIT.periodSeconds} segundos`,
		);
		// Another identity is unaffected, and the MCP budget is a different one.
		expect((await page("/mcp")).status).toBe(200);
		const mcp = await worker.fetch(
			new Request(ENDPOINT, {
				method: "POST",
				headers: {
					"content-type": "application/json",
					"cf-connecting-ip": ip,
					...modernHeaders("server/discover"),
				},
				body: JSON.stringify({
					jsonrpc: "2.0",
					id: 1,
					method: "server/discover",
					params: { _meta: MODERN_META },
				}),
			}) as Parameters<typeof worker.fetch>[0],
			env,
			createExecutionContext(),
		);
		expect(mcp.status).toBe(200);
		expect(PAGE_RATE_LIMIT.requests).toBeGreaterThan(RATE_LIMIT.requests);
	});

	it("holds on the Durable Object path too, and fails closed when no limiter answers", async () => {
		await inOneWindow();
		const ip = uniqueIp();
		const bindings = { PAGE_RATE_LIMIT: undefined };
		const statuses = await Promise.all(
			Array.from({ length: PAGE_RATE_LIMIT.requests + 20 }, () =>
				page("/mcp", ip, bindings).then((f) => f.status),
			),
		);
		expect(statuses.filter((s) => s === 200)).toHaveLength(PAGE_RATE_LIMIT.requests);
		expect(statuses.filter((s) => s === 429)).toHaveLength(20);
		const closed = await page("/mcp", uniqueIp(), { PAGE_RATE_LIMIT: undefined, RATE_LIMITER: undefined });
		expect(closed.status).toBe(503);
		expect(closed.html).not.toContain("<h1");
	});
});

describe("page cache", () => {
	it("serves a repeat from the cache, whatever query string the caller adds", async () => {
		await inOneWindow();
		const { source_id } = await publishedSource(1);
		const first = await page(`/sources/${source_id}`);
		expect([first.status, first.cache]).toEqual([200, "miss"]);
		const again = await page(`/sources/${source_id}`);
		expect([again.status, again.cache]).toEqual([200, "hit"]);
		expect(again.html).toBe(first.html);
		const busted = await page(`/sources/${source_id}?nocache=${Math.random()}`);
		expect([busted.status, busted.cache]).toEqual([200, "hit"]);
	});

	it("keeps one entry per source, however its id is percent-encoded", async () => {
		await inOneWindow();
		const { source_id } = await publishedSource(6);
		const first = await page(`/sources/${source_id}`);
		expect([first.status, first.cache]).toEqual([200, "miss"]);
		// Every spelling of the same id: each letter encoded in turn, and all of them at once.
		const spellings = [...source_id].map(
			(ch, i) => `${source_id.slice(0, i)}%${ch.charCodeAt(0).toString(16)}${source_id.slice(i + 1)}`,
		);
		spellings.push([...source_id].map((ch) => `%${ch.charCodeAt(0).toString(16)}`).join(""));
		for (const spelling of spellings) {
			const again = await page(`/sources/${spelling}`);
			expect([spelling, again.status, again.cache]).toEqual([spelling, 200, "hit"]);
			expect(again.html).toBe(first.html);
		}
	});

	it("reflects an unpublish at once, and the restore after it", async () => {
		await inOneWindow();
		const { source_id } = await publishedSource(2);
		expect((await page(`/sources/${source_id}`)).status).toBe(200);
		expect((await page(`/sources/${source_id}`)).cache).toBe("hit");
		await env.DB.prepare("UPDATE sources SET publication_state = 'unpublished' WHERE source_id = ?1")
			.bind(source_id)
			.run();
		try {
			const gone = await page(`/sources/${source_id}`);
			expect([gone.status, gone.cache]).toEqual([404, "bypass"]);
			expect(gone.html).toContain("Source not found");
		} finally {
			await env.DB.prepare("UPDATE sources SET publication_state = 'published' WHERE source_id = ?1")
				.bind(source_id)
				.run();
		}
		expect((await page(`/sources/${source_id}`)).status).toBe(200);
	});

	it("reflects a passage correction at once", async () => {
		await inOneWindow();
		const { source_id, passage_id, text } = await publishedSource(3);
		expect((await page(`/sources/${source_id}`)).html).toContain(text.slice(0, 40));
		const corrected = "A corrected passage that the cached page never held.";
		await env.DB.prepare("UPDATE passages SET text = ?1 WHERE passage_id = ?2")
			.bind(corrected, passage_id)
			.run();
		try {
			const fresh = await page(`/sources/${source_id}`);
			expect(fresh.cache).toBe("miss");
			expect(fresh.html).toContain(corrected);
		} finally {
			await env.DB.prepare("UPDATE passages SET text = ?1 WHERE passage_id = ?2")
				.bind(text, passage_id)
				.run();
		}
	});

	it("never keeps a not-found page, so a source published after it shows at once", async () => {
		await inOneWindow();
		const { source_id } = await publishedSource(4);
		await env.DB.prepare("UPDATE sources SET publication_state = 'unpublished' WHERE source_id = ?1")
			.bind(source_id)
			.run();
		const missing = await page(`/sources/${source_id}`);
		expect([missing.status, missing.cache]).toEqual([404, "bypass"]);
		expect(missing.headers.get("cache-control")).toBe("public, max-age=60");
		expect((await page(`/sources/${source_id}`)).cache).toBe("bypass");
		await env.DB.prepare("UPDATE sources SET publication_state = 'published' WHERE source_id = ?1")
			.bind(source_id)
			.run();
		expect((await page(`/sources/${source_id}`)).status).toBe(200);
	});

	it("never caches an error page, and builds uncached when the change counter cannot be read", async () => {
		await inOneWindow();
		const { source_id } = await publishedSource(5);
		await env.DB.exec("ALTER TABLE content_version RENAME TO content_version_gone");
		try {
			const uncached = await page(`/sources/${source_id}`);
			expect([uncached.status, uncached.cache]).toEqual([200, "bypass"]);
		} finally {
			await env.DB.exec("ALTER TABLE content_version_gone RENAME TO content_version");
		}
		await env.DB.exec("ALTER TABLE passages RENAME TO passages_gone");
		await env.DB.exec("UPDATE content_version SET version = version + 1 WHERE id = 1");
		try {
			const down = await page(`/sources/${source_id}`);
			expect([down.status, down.cache]).toEqual([503, "bypass"]);
		} finally {
			await env.DB.exec("ALTER TABLE passages_gone RENAME TO passages");
		}
		expect((await page(`/sources/${source_id}`)).status).toBe(200);
	});
});
