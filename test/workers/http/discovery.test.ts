/**
 * Pre-connection discovery through the Worker's own fetch: the AI Catalog leads to the Server Card,
 * which validates against the published schema and says exactly what a live server/discover and a
 * legacy initialize say. Both documents are public pages (open CORS, an hour of cache, ETag
 * revalidation), metered on the page budget, never the MCP one, and read nothing from D1.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AiCatalogSchema, ServerCardSchema, schemaProblems } from "../../../scripts/lib/discovery-schemas";
import { checkServerCard, type DiscoveryFacts, SERVER_CARD_TYPE } from "../../../scripts/lib/release-checks";
import worker from "../../../src/index";
import {
	CATALOG_IDENTIFIER,
	PUBLIC_DOMAIN,
	REGISTRY_NAME,
	SERVER_DESCRIPTION,
} from "../../../src/mcp/server-card";
import { SERVER_INFO } from "../../../src/mcp/server-info";
import { SUPPORTED_VERSIONS } from "../../../src/mcp/versions";
import { freshAddress, type Json, legacy, modern } from "../../support/workers/mcp";

const BASE = "https://base2026.dev";
const CARD_PATH = "/api/mcp/server-card";
const CATALOG_PATHS = ["/.well-known/ai-catalog.json", "/.well-known/mcp/catalog.json"];
const CATALOG_TYPE = "application/ai-catalog+json";

async function get(url: string, headers: Record<string, string> = {}, method = "GET") {
	const response = await exports.default.fetch(
		new Request(url, { method, headers: { "cf-connecting-ip": freshAddress(), ...headers } }),
	);
	const text = await response.text();
	return { status: response.status, headers: response.headers, text };
}

/** The same request through the Worker with some bindings replaced. */
async function getWith(path: string, bindings: Partial<Record<keyof Env, unknown>>, method = "GET") {
	const ctx = createExecutionContext();
	const response = await worker.fetch(
		new Request(`${BASE}${path}`, {
			method,
			headers: { "cf-connecting-ip": freshAddress() },
		}) as Parameters<typeof worker.fetch>[0],
		{ ...env, ...bindings } as Env,
		ctx,
	);
	const text = await response.text();
	await waitOnExecutionContext(ctx);
	return { status: response.status, headers: response.headers, text };
}

/** What a client does: fetch the catalog, pick the card entry, fetch the card asking for its type. */
async function discoverFromCatalog(): Promise<{
	catalog: Json;
	entry: Json;
	card: Json;
	cardType: string | null;
}> {
	const catalogAnswer = await get(`${BASE}${CATALOG_PATHS[0]}`, { accept: CATALOG_TYPE });
	expect(catalogAnswer.status).toBe(200);
	const catalog = JSON.parse(catalogAnswer.text);
	expect(schemaProblems(AiCatalogSchema, catalog)).toEqual([]);
	const entries = catalog.entries.filter((e: Json) => e.type === SERVER_CARD_TYPE);
	expect(entries).toHaveLength(1);
	const [entry] = entries;
	const cardAnswer = await get(entry.url, { accept: SERVER_CARD_TYPE });
	expect(cardAnswer.status).toBe(200);
	return {
		catalog,
		entry,
		card: JSON.parse(cardAnswer.text),
		cardType: cardAnswer.headers.get("content-type"),
	};
}

describe("catalog → server card → live server", () => {
	it("leads from the catalog to a card that validates and matches server/discover and initialize", async () => {
		const { entry, card, cardType } = await discoverFromCatalog();
		expect(entry).toEqual({
			identifier: CATALOG_IDENTIFIER,
			type: SERVER_CARD_TYPE,
			url: `${env.PUBLIC_BASE_URL}${CARD_PATH}`,
		});
		expect(cardType).toBe(SERVER_CARD_TYPE);
		expect(schemaProblems(ServerCardSchema, card)).toEqual([]);

		// 2026-07-28: server/discover, no handshake.
		const discover = (await modern("server/discover")).json.result;
		const info = discover._meta["io.modelcontextprotocol/serverInfo"];
		expect(card.name).toBe(`dev.base2026/${info.name}`);
		expect(card.version).toBe(info.version);
		const [remote] = card.remotes;
		expect(remote).toEqual({
			type: "streamable-http",
			url: `${env.PUBLIC_BASE_URL}/api/mcp`,
			supportedProtocolVersions: discover.supportedVersions,
		});

		// The 2025 eras: initialize names the same server, and every version it negotiates is on the card.
		for (const version of remote.supportedProtocolVersions.slice(1)) {
			const init = (
				await legacy(
					"initialize",
					{ protocolVersion: version, capabilities: {}, clientInfo: { name: "t", version: "1" } },
					version,
				)
			).json.result;
			expect(init.protocolVersion).toBe(version);
			expect(init.serverInfo).toMatchObject({ name: info.name, version: card.version, title: card.title });
			expect(
				checkServerCard({
					identifier: entry.identifier,
					card,
					cardContentType: cardType,
					endpoint: remote.url,
					discover,
					initialize: init,
				}),
			).toEqual([]);
		}
	});

	it("builds the card from the constants the protocol answers from", async () => {
		const { card } = await discoverFromCatalog();
		expect(card).toEqual({
			$schema: "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json",
			name: REGISTRY_NAME,
			version: SERVER_INFO.version,
			title: SERVER_INFO.title,
			description: SERVER_DESCRIPTION,
			websiteUrl: `${env.PUBLIC_BASE_URL}/mcp`,
			remotes: [
				{
					type: "streamable-http",
					url: `${env.PUBLIC_BASE_URL}/api/mcp`,
					supportedProtocolVersions: [...SUPPORTED_VERSIONS],
				},
			],
		});
		// The identity is the public domain's, whatever PUBLIC_BASE_URL a deployment runs on.
		expect(new URL(env.PUBLIC_BASE_URL).hostname).toBe(PUBLIC_DOMAIN);
		expect(CATALOG_IDENTIFIER).toBe(`urn:air:${PUBLIC_DOMAIN}:mcp:${REGISTRY_NAME.split("/")[1]}`);
	});

	it("takes every URL from PUBLIC_BASE_URL", async () => {
		const other = "https://mirror.example.test";
		const card = JSON.parse((await getWith(CARD_PATH, { PUBLIC_BASE_URL: other })).text);
		expect(card.websiteUrl).toBe(`${other}/mcp`);
		expect(card.remotes[0].url).toBe(`${other}/api/mcp`);
		const catalog = JSON.parse((await getWith(CATALOG_PATHS[0] as string, { PUBLIC_BASE_URL: other })).text);
		expect(catalog.entries[0].url).toBe(`${other}${CARD_PATH}`);
		expect(card.name).toBe(REGISTRY_NAME);
	});

	it("serves one catalog at both well-known locations", async () => {
		const [current, draft] = await Promise.all(CATALOG_PATHS.map((path) => get(`${BASE}${path}`)));
		expect(current?.status).toBe(200);
		expect(draft?.status).toBe(200);
		expect(draft?.text).toBe(current?.text);
		expect(JSON.parse(current?.text ?? "")).toMatchObject({
			specVersion: "1.0",
			host: { identifier: PUBLIC_DOMAIN },
		});
	});

	it("a card that disagrees with the live server is reported, field by field", async () => {
		const { entry, card, cardType } = await discoverFromCatalog();
		const discover = (await modern("server/discover")).json.result;
		const initialize = (
			await legacy("initialize", {
				protocolVersion: "2025-11-25",
				capabilities: {},
				clientInfo: { name: "t", version: "1" },
			})
		).json.result;
		const facts: DiscoveryFacts = {
			identifier: entry.identifier,
			card,
			cardContentType: cardType,
			endpoint: card.remotes[0].url,
			discover,
			initialize,
		};
		expect(checkServerCard(facts)).toEqual([]);
		const remote = card.remotes[0];
		const cases: [Partial<DiscoveryFacts>, RegExp][] = [
			[{ card: { ...card, version: "9.9.9" } }, /version 9\.9\.9, but server\/discover says "0\./],
			[
				{ card: { ...card, name: "dev.base2026/another" } },
				/names dev\.base2026\/another, but server\/discover/,
			],
			[
				{ card: { ...card, remotes: [{ ...remote, supportedProtocolVersions: ["2025-11-25"] }] } },
				/supportedProtocolVersions \["2025-11-25"\] differ/,
			],
			[
				{ card: { ...card, remotes: [{ ...remote, url: "https://elsewhere.test/api/mcp" }] } },
				/no streamable-http remote of the card is/,
			],
			[{ card: { ...card, description: "x".repeat(101) } }, /server card description: /],
			[{ cardContentType: "application/json" }, /served as application\/json/],
			[{ identifier: "urn:air:base2026.dev:mcp:other" }, /does not name the card's server/],
			[
				{ initialize: { ...initialize, serverInfo: { ...initialize.serverInfo, version: "0.0.1" } } },
				/but initialize says "0\.0\.1"/,
			],
			[
				{ discover: { ...discover, supportedVersions: [...discover.supportedVersions, "2027-01-01"] } },
				/differ from server\/discover's/,
			],
		];
		for (const [change, message] of cases) {
			expect(checkServerCard({ ...facts, ...change }).join("; ")).toMatch(message);
		}
	});
});

describe("the discovery documents over HTTP", () => {
	const CORS = {
		"access-control-allow-origin": "*",
		"access-control-allow-methods": "GET",
		"access-control-allow-headers": "Content-Type, If-None-Match",
		"access-control-expose-headers": "ETag, Retry-After",
	};

	it("carry the CORS, cache and type headers the discovery document asks for", async () => {
		for (const [path, type] of [
			[CARD_PATH, SERVER_CARD_TYPE],
			[CATALOG_PATHS[0], CATALOG_TYPE],
			[CATALOG_PATHS[1], CATALOG_TYPE],
		] as const) {
			const answer = await get(`${BASE}${path}`, { origin: "https://some-browser-client.test" });
			expect(answer.status, path).toBe(200);
			for (const [name, value] of Object.entries(CORS))
				expect(answer.headers.get(name), `${path} ${name}`).toBe(value);
			expect(answer.headers.get("cache-control")).toBe("public, max-age=3600");
			expect(answer.headers.get("content-type")).toBe(type);
			expect(answer.headers.get("vary")).toBe("Accept");
			expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
			expect(answer.headers.get("etag")).toMatch(/^"[0-9a-f]{24}"$/);
		}
	});

	it("honours Accept: its own type, application/json, wildcards, and 406 for anything else", async () => {
		const typeFor = async (accept: string) => {
			const answer = await get(`${BASE}${CARD_PATH}`, { accept });
			return answer.status === 200 ? answer.headers.get("content-type") : answer.status;
		};
		expect(await typeFor(SERVER_CARD_TYPE)).toBe(SERVER_CARD_TYPE);
		expect(await typeFor(`${SERVER_CARD_TYPE}, application/json;q=0.5`)).toBe(SERVER_CARD_TYPE);
		expect(await typeFor("application/json")).toBe("application/json");
		expect(await typeFor(`application/json, ${SERVER_CARD_TYPE};q=0.2`)).toBe("application/json");
		expect(await typeFor("*/*")).toBe(SERVER_CARD_TYPE);
		expect(await typeFor("application/*")).toBe(SERVER_CARD_TYPE);
		expect(await typeFor("text/html,application/xhtml+xml,*/*;q=0.8")).toBe(SERVER_CARD_TYPE);
		expect(await typeFor("text/html")).toBe(406);
		expect(await typeFor(`${SERVER_CARD_TYPE};q=0, application/json;q=0`)).toBe(406);
		const refused = await get(`${BASE}${CARD_PATH}`, { accept: "text/html" });
		expect(refused.text).toContain(SERVER_CARD_TYPE);
		expect(refused.headers.get("access-control-allow-origin")).toBe("*");
	});

	it("revalidates with If-None-Match: 304 without a body while unchanged", async () => {
		const first = await get(`${BASE}${CARD_PATH}`, { accept: SERVER_CARD_TYPE });
		const tag = first.headers.get("etag") ?? "";
		const again = await get(`${BASE}${CARD_PATH}`, { accept: SERVER_CARD_TYPE, "if-none-match": tag });
		expect([again.status, again.text]).toEqual([304, ""]);
		expect(again.headers.get("etag")).toBe(tag);
		expect(again.headers.get("cache-control")).toBe("public, max-age=3600");
		expect((await get(`${BASE}${CARD_PATH}`, { "if-none-match": `"other", W/${tag}` })).status).toBe(304);
		expect((await get(`${BASE}${CARD_PATH}`, { "if-none-match": '"other"' })).status).toBe(200);
		// Another representation is another entity.
		const json = await get(`${BASE}${CARD_PATH}`, { accept: "application/json", "if-none-match": tag });
		expect(json.status).toBe(200);
		expect(json.headers.get("etag")).not.toBe(tag);
		// A different deployment's card is a different entity too.
		const other = await getWith(CARD_PATH, { PUBLIC_BASE_URL: "https://mirror.example.test" });
		expect(other.headers.get("etag")).not.toBe(tag);
	});

	it("answers HEAD with the GET headers and no body, OPTIONS as a preflight, and 405 to writes", async () => {
		for (const path of [CARD_PATH, ...CATALOG_PATHS]) {
			const full = await get(`${BASE}${path}`);
			const head = await get(`${BASE}${path}`, {}, "HEAD");
			expect([head.status, head.text]).toEqual([200, ""]);
			expect(head.headers.get("content-type")).toBe(full.headers.get("content-type"));
			expect(head.headers.get("etag")).toBe(full.headers.get("etag"));
			const preflight = await get(
				`${BASE}${path}`,
				{
					origin: "https://some-browser-client.test",
					"access-control-request-method": "GET",
					"access-control-request-headers": "if-none-match",
				},
				"OPTIONS",
			);
			expect(preflight.status).toBe(204);
			expect(preflight.headers.get("access-control-allow-headers")).toBe(
				CORS["access-control-allow-headers"],
			);
			for (const method of ["POST", "PUT", "DELETE"]) {
				const write = await get(`${BASE}${path}`, {}, method);
				expect([path, method, write.status]).toEqual([path, method, 405]);
				expect(write.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
			}
		}
	});

	it("leaves the MCP endpoint as it was: GET /api/mcp is still 405 with Allow: POST", async () => {
		const answer = await get(`${BASE}/api/mcp`, { accept: SERVER_CARD_TYPE });
		expect(answer.status).toBe(405);
		expect(answer.headers.get("allow")).toBe("POST");
		expect(JSON.parse(answer.text).error.code).toBe(-32600);
	});

	it("links the card and the catalog from the guide", async () => {
		const guide = await get(`${BASE}/mcp`);
		expect(guide.text).toContain(`<a href="${BASE}${CARD_PATH}" data-discovery="server-card">`);
		expect(guide.text).toContain(`<a href="${BASE}${CATALOG_PATHS[0]}" data-discovery="catalog">`);
	});
});

describe("metering and cost", () => {
	/** A rate-limit binding that counts the keys it was asked about and always admits. */
	function countingLimiter() {
		const keys: string[] = [];
		return {
			keys,
			binding: {
				limit: async ({ key }: { key: string }) => {
					keys.push(key);
					return { success: true };
				},
			},
		};
	}

	it("spends the page budget, never the MCP one", async () => {
		const pages = countingLimiter();
		const mcp = countingLimiter();
		for (const path of [CARD_PATH, ...CATALOG_PATHS]) {
			const answer = await getWith(path, { PAGE_RATE_LIMIT: pages.binding, MCP_RATE_LIMIT: mcp.binding });
			expect(answer.status).toBe(200);
		}
		expect(pages.keys).toHaveLength(3);
		expect(mcp.keys).toHaveLength(0);
	});

	it("is refused like a page when the page budget is spent, and fails closed with no limiter", async () => {
		const spent = { limit: async () => ({ success: false }) };
		const over = await getWith(CARD_PATH, { PAGE_RATE_LIMIT: spent });
		expect(over.status).toBe(429);
		expect(over.text).toMatch(/Too many page requests/);
		const closed = await getWith(CATALOG_PATHS[0] as string, {
			PAGE_RATE_LIMIT: undefined,
			RATE_LIMITER: undefined,
		});
		expect(closed.status).toBe(503);
	});

	it("reads nothing from D1", async () => {
		const touched: string[] = [];
		const db = new Proxy(
			{},
			{
				get(_target, key) {
					touched.push(String(key));
					throw new Error(`DB touched: ${String(key)}`);
				},
			},
		);
		for (const path of [CARD_PATH, ...CATALOG_PATHS]) {
			for (const method of ["GET", "HEAD", "OPTIONS"]) {
				const answer = await getWith(path, { DB: db }, method);
				expect([path, method, answer.status]).toEqual([path, method, method === "OPTIONS" ? 204 : 200]);
			}
		}
		expect(touched).toEqual([]);
	});
});
