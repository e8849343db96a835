/**
 * Operator workflows against real `wrangler dev` servers with production configuration: the release
 * check (healthy, rate-limit binding removed, wrong discover answer, a card that disagrees with it,
 * not running), the takedown flow
 * through the content script and the projection refresh, the search lexicon script, and the dry-run
 * deploy build.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { generateCorpusLines } from "../../scripts/corpus/generate";
import {
	lexiconMigration,
	lexiconMigrationFile,
	MIGRATIONS_DIR,
	readLexiconFile,
} from "../../scripts/lexicon";
import { type DevServer, freePort, REPO_ROOT, startDevServer } from "../../scripts/lib/dev-server";
import { d1Query } from "../../scripts/lib/wrangler";
import { verify } from "../../scripts/verify";
import { PROJECTION_COPY_MAX_AGE_MS } from "../../src/data/projection-copy";
import { copyState } from "../support/local-state";

/**
 * A case that waits for an isolate's copy to expire (up to PROJECTION_COPY_MAX_AGE_MS, by design)
 * plus a command or two: three times what it takes on a busy machine.
 */
const WAITS_FOR_THE_COPY = { timeout: 4 * PROJECTION_COPY_MAX_AGE_MS };

const tsx = (args: string[]) =>
	spawnSync(process.execPath, [resolve(REPO_ROOT, "node_modules/tsx/dist/cli.mjs"), ...args], {
		cwd: REPO_ROOT,
		encoding: "utf8",
		env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
	});

async function verifyLines(options: Parameters<typeof verify>[0]): Promise<{ ok: boolean; lines: string[] }> {
	const lines: string[] = [];
	const ok = await verify({ ...options, log: (line) => lines.push(line) });
	return { ok, lines };
}

const MODERN_META = {
	"io.modelcontextprotocol/protocolVersion": "2026-07-28",
	"io.modelcontextprotocol/clientCapabilities": {},
};

let nextIp = 1;
async function callTool(
	url: string,
	name: string,
	args: Record<string, unknown>,
	retried = false,
): Promise<Record<string, any>> {
	let response: Response;
	try {
		response = await fetchTool(url, name, args);
	} catch (error) {
		// A pooled keep-alive socket that wrangler dev closed while a script ran: one retry on a new socket.
		if (retried) throw error;
		return callTool(url, name, args, true);
	}
	return ((await response.json()) as { result: Record<string, any> }).result;
}

function fetchTool(url: string, name: string, args: Record<string, unknown>) {
	return fetch(url, {
		method: "POST",
		headers: {
			"content-type": "application/json",
			"MCP-Protocol-Version": "2026-07-28",
			"Mcp-Method": "tools/call",
			"Mcp-Name": name,
			// wrangler dev passes this through; one address per call keeps the flow clear of the budget.
			"cf-connecting-ip": `192.0.2.${nextIp++}`,
		},
		body: JSON.stringify({
			jsonrpc: "2.0",
			id: 1,
			method: "tools/call",
			params: { name, arguments: args, _meta: MODERN_META },
		}),
	});
}

/** A modern resources/read; the JSON-RPC reply (result or error). */
async function readResource(url: string, uri: string, retried = false): Promise<Record<string, any>> {
	try {
		const response = await fetch(url, {
			method: "POST",
			headers: {
				"content-type": "application/json",
				"MCP-Protocol-Version": "2026-07-28",
				"Mcp-Method": "resources/read",
				"Mcp-Name": uri,
				"cf-connecting-ip": `192.0.2.${nextIp++}`,
			},
			body: JSON.stringify({
				jsonrpc: "2.0",
				id: 1,
				method: "resources/read",
				params: { uri, _meta: MODERN_META },
			}),
		});
		return (await response.json()) as Record<string, any>;
	} catch (error) {
		if (retried) throw error;
		return readResource(url, uri, true);
	}
}

let persistTo: string;
let server: DevServer;

beforeAll(async () => {
	// A copy of the run's seeded state (test/support/local-state.ts): no migration or import here.
	persistTo = copyState(inject("seededState"), "base2026-ops-");
	server = await startDevServer({ persistTo });
});

afterAll(async () => {
	await server?.stop();
	rmSync(persistTo, { recursive: true, force: true });
});

describe("release check (npm run verify)", () => {
	it("passes against a healthy local server, saying it read the local configuration", async () => {
		const { ok, lines } = await verifyLines({ url: server.url });
		expect(ok, lines.join("\n")).toBe(true);
		expect(lines).toHaveLength(7);
		expect(lines[0]).toMatch(/^ok {3}bindings: local configuration wrangler\.toml \(not a deployed version/);
		expect(lines.slice(1, 6).every((line) => line.startsWith("ok "))).toBe(true);
		expect(lines[2]).toMatch(
			/^ok {3}catalog and server card: urn:air:base2026\.dev:mcp:base2026-public-mcp → http:\/\/127\.0\.0\.1:\d+\/api\/mcp\/server-card: dev\.base2026\/base2026-public-mcp /,
		);
	});

	it("fails against a server started with the rate-limit binding removed", async () => {
		const dir = resolve(REPO_ROOT, ".tmp");
		mkdirSync(dir, { recursive: true });
		const configPath = join(dir, "wrangler.no-ratelimit.toml");
		const original = readFileSync(resolve(REPO_ROOT, "wrangler.toml"), "utf8");
		const production = original.slice(0, original.indexOf("[env.bench]"));
		writeFileSync(
			configPath,
			production
				.replace(/\[\[ratelimits\]\][^[]*/, "")
				.replace('main = "src/index.ts"', 'main = "../src/index.ts"')
				.replace('migrations_dir = "migrations"', 'migrations_dir = "../migrations"'),
		);
		const state = copyState(inject("migratedState"), "base2026-nolimit-");
		const broken = await startDevServer({ persistTo: state, configPath });
		try {
			const { ok, lines } = await verifyLines({ url: broken.url, configPath });
			expect(ok).toBe(false);
			expect(lines.at(-1)).toMatch(/^FAIL bindings: .*MCP_RATE_LIMIT is not bound/);
		} finally {
			await broken.stop();
			rmSync(state, { recursive: true, force: true });
			rmSync(configPath, { force: true });
		}
	});

	it("fails against a server whose discover answer is wrong", async () => {
		// A deliberately broken endpoint: everything the check reads back is fine but discover.
		const port = await freePort();
		const fake: Server = createServer((_request, response) => {
			response.writeHead(200, { "content-type": "application/json" });
			response.end(
				JSON.stringify({
					jsonrpc: "2.0",
					id: "verify-discover",
					result: {
						resultType: "complete",
						supportedVersions: ["2025-11-25"],
						capabilities: {},
						ttlMs: 0,
						cacheScope: "private",
					},
				}),
			);
		});
		await new Promise<void>((done) => fake.listen(port, "127.0.0.1", done));
		try {
			const { ok, lines } = await verifyLines({ url: `http://127.0.0.1:${port}/api/mcp` });
			expect(ok).toBe(false);
			const failure = lines.at(-1) ?? "";
			expect(failure).toMatch(/^FAIL server\/discover: /);
			expect(failure).toContain("supportedVersions lacks 2026-07-28");
			expect(failure).toContain('cacheScope is "private"');
		} finally {
			await new Promise((done) => fake.close(done));
		}
	});

	it("fails against a server whose Server Card disagrees with its server/discover", async () => {
		// Discover, initialize and the catalog are right; the card claims another version and drops a protocol version.
		const port = await freePort();
		const origin = `http://127.0.0.1:${port}`;
		const serverInfo = { name: "base2026-public-mcp", version: "0.1.0" };
		const versions = ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"];
		const documents: Record<string, [string, unknown]> = {
			"/.well-known/ai-catalog.json": ["application/ai-catalog+json", catalog()],
			"/.well-known/mcp/catalog.json": ["application/ai-catalog+json", catalog()],
			"/api/mcp/server-card": [
				"application/mcp-server-card+json",
				{
					$schema: "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json",
					name: "dev.base2026/base2026-public-mcp",
					version: "9.9.9",
					description: "A card that has drifted from the server.",
					remotes: [
						{
							type: "streamable-http",
							url: `${origin}/api/mcp`,
							supportedProtocolVersions: versions.slice(0, 2),
						},
					],
				},
			],
		};
		function catalog() {
			return {
				specVersion: "1.0",
				entries: [
					{
						identifier: "urn:air:base2026.dev:mcp:base2026-public-mcp",
						type: "application/mcp-server-card+json",
						url: `${origin}/api/mcp/server-card`,
					},
				],
			};
		}
		const fake: Server = createServer((request, response) => {
			if (request.method === "GET") {
				const [type, document] = documents[request.url ?? ""] ?? ["text/plain", undefined];
				response.writeHead(document === undefined ? 404 : 200, { "content-type": type });
				response.end(document === undefined ? "" : JSON.stringify(document));
				return;
			}
			let body = "";
			request.on("data", (chunk) => {
				body += chunk;
			});
			request.on("end", () => {
				const message = JSON.parse(body);
				const result =
					message.method === "initialize"
						? { protocolVersion: message.params.protocolVersion, capabilities: {}, serverInfo }
						: {
								resultType: "complete",
								supportedVersions: versions,
								capabilities: { tools: {}, resources: {}, prompts: {}, completions: {} },
								instructions: "Cite original_url and source_page_url.",
								ttlMs: 300000,
								cacheScope: "public",
								_meta: { "io.modelcontextprotocol/serverInfo": serverInfo },
							};
				response.writeHead(200, { "content-type": "application/json" });
				response.end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result }));
			});
		});
		await new Promise<void>((done) => fake.listen(port, "127.0.0.1", done));
		try {
			const { ok, lines } = await verifyLines({ url: `${origin}/api/mcp` });
			expect(ok).toBe(false);
			expect(lines[1]).toMatch(/^ok {3}server\/discover: /);
			const failure = lines.at(-1) ?? "";
			expect(failure).toMatch(/^FAIL catalog and server card: /);
			expect(failure).toContain('the card says version 9.9.9, but server/discover says "0.1.0"');
			expect(failure).toContain('the card says version 9.9.9, but initialize says "0.1.0"');
			expect(failure).toContain("supportedProtocolVersions");
		} finally {
			await new Promise((done) => fake.close(done));
		}
	});

	it("fails against a server that is not running", async () => {
		const port = await freePort();
		const { ok, lines } = await verifyLines({ url: `http://127.0.0.1:${port}/api/mcp` });
		expect(ok).toBe(false);
		expect(lines.at(-1)).toMatch(/^FAIL server\/discover: cannot reach .*ECONNREFUSED/);
	});

	it("runs as a command that exits 0 when every check passes", () => {
		const healthy = tsx(["scripts/verify.ts", "--url", server.url]);
		expect(healthy.status, healthy.stdout + healthy.stderr).toBe(0);
	});

	it("and exits non-zero on failure", () => {
		const down = tsx(["scripts/verify.ts", "--url", "http://127.0.0.1:9/api/mcp"]);
		expect(down.status).toBe(1);
		expect(down.stdout).toContain("FAIL");
	});
});

describe("takedown flow (npm run content, npm run projections:refresh)", () => {
	/** The manifest's public source count once it reads `expected`, or when the copy's bound has passed. */
	async function manifestSources(expected: number): Promise<number> {
		const deadline = Date.now() + PROJECTION_COPY_MAX_AGE_MS + 5_000;
		for (;;) {
			const count = (await callTool(server.url, "get_public_manifest", {})).structuredContent.dimensions
				.public_sources;
			if (count === expected || Date.now() > deadline) return count;
			await new Promise((resolve) => setTimeout(resolve, 1_000));
		}
	}

	/** What the three cases below share: the source taken down, and what its creator, topic and manifest counted before. */
	const taken = {} as {
		hit: Record<string, any>;
		sourceId: string;
		handle: string;
		topicId: string;
		sourceUri: string;
		creatorBefore: Record<string, any>;
		topicBefore: Record<string, any>;
		manifestBefore: Record<string, any>;
	};

	it("unpublishes a source found by search: gone from every tool at once", async () => {
		const hit = (await callTool(server.url, "search_sources", { query: "AI search", limit: 1 }))
			.structuredContent.results[0];
		const sourceId: string = hit.source_id;
		const handle: string = hit.creator_handle;
		const source = (await callTool(server.url, "get_source", { source_id: sourceId })).structuredContent
			.source;
		const topicId: string = source.topics[0].topic_id;
		const sourceUri = `base2026://sources/${sourceId}`;
		Object.assign(taken, {
			hit,
			sourceId,
			handle,
			topicId,
			sourceUri,
			creatorBefore: (await callTool(server.url, "get_creator", { handle })).structuredContent,
			topicBefore: (await callTool(server.url, "get_topic", { topic_id: topicId })).structuredContent,
			manifestBefore: (await callTool(server.url, "get_public_manifest", {})).structuredContent,
		});
		expect((await readResource(server.url, sourceUri)).result.contents[0].text).toContain(hit.original_url);

		const takedown = tsx([
			"scripts/content.ts",
			"unpublish",
			sourceId,
			"--reason",
			"e2e takedown",
			"--persist-to",
			persistTo,
		]);
		expect(takedown.status, takedown.stdout + takedown.stderr).toBe(0);
		expect(takedown.stdout).toContain("published -> unpublished");

		// At once: search, get_source and the creator's samples no longer show it.
		const search = await callTool(server.url, "search_sources", { query: hit.title, limit: 20 });
		expect(search.structuredContent.results.map((r: { source_id: string }) => r.source_id)).not.toContain(
			sourceId,
		);
		expect((await callTool(server.url, "get_source", { source_id: sourceId })).isError).toBe(true);
		expect((await callTool(server.url, "get_source", { source_id: hit.original_url })).isError).toBe(true);
		const creatorNow = (await callTool(server.url, "get_creator", { handle })).structuredContent;
		expect(creatorNow.sample_sources.map((s: { source_id: string }) => s.source_id)).not.toContain(sourceId);
		expect((await fetch(`${server.origin}/sources/${sourceId}`)).status).toBe(404);
		// And as a resource: not found, and gone from the creator's rendering.
		expect((await readResource(server.url, sourceUri)).error).toMatchObject({
			code: -32602,
			data: { uri: sourceUri },
		});
		const creatorUri = `base2026://creators/${encodeURIComponent(handle.slice(1))}`;
		expect((await readResource(server.url, creatorUri)).result.contents[0].text).not.toContain(sourceId);
	});

	it("after the refresh, every count has dropped it", WAITS_FOR_THE_COPY, async () => {
		const { sourceId, handle, topicId, creatorBefore, topicBefore, manifestBefore } = taken;
		const refresh = tsx(["scripts/projections-refresh.ts", "--persist-to", persistTo]);
		expect(refresh.status, refresh.stdout + refresh.stderr).toBe(0);
		expect(JSON.parse(refresh.stdout)).toMatchObject({ mode: "incremental", outcome: "succeeded" });
		const creatorAfter = (await callTool(server.url, "get_creator", { handle })).structuredContent;
		expect(creatorAfter.counts.public_sources).toBe(creatorBefore.counts.public_sources - 1);
		const topicAfter = (await callTool(server.url, "get_topic", { topic_id: topicId })).structuredContent;
		expect(topicAfter.counts.public_sources).toBe(topicBefore.counts.public_sources - 1);
		expect(topicAfter.sample_sources.map((s: { source_id: string }) => s.source_id)).not.toContain(sourceId);
		// The manifest comes from each isolate's projection copy: the refresh shows within its bound.
		expect(await manifestSources(manifestBefore.dimensions.public_sources - 1)).toBe(
			manifestBefore.dimensions.public_sources - 1,
		);
	});

	it(
		"restore, with the refresh in the same command, brings it back everywhere",
		WAITS_FOR_THE_COPY,
		async () => {
			const { sourceId, manifestBefore } = taken;
			const restore = tsx([
				"scripts/content.ts",
				"restore",
				sourceId,
				"--reason",
				"e2e restore",
				"--persist-to",
				persistTo,
				"--refresh",
			]);
			expect(restore.status, restore.stdout + restore.stderr).toBe(0);
			// It says what it did: the restore, then the refresh's own record.
			expect(restore.stdout).toContain("unpublished -> published; read back as given");
			expect(restore.stdout).toMatch(
				/^ok {3}projections refreshed: refresh \d+ \(incremental\) succeeded at \S+: \d+ creators and \d+ topics recomputed, \d+ projection rows written; counts include it again$/m,
			);
			expect((await callTool(server.url, "get_source", { source_id: sourceId })).isError).toBeFalsy();
			expect(await manifestSources(manifestBefore.dimensions.public_sources)).toBe(
				manifestBefore.dimensions.public_sources,
			);
		},
	);

	it("prints its usage for --help, -h and no arguments, and a one-line error for an unknown command", () => {
		for (const args of [["--help"], ["-h"], []]) {
			const help = tsx(["scripts/content.ts", ...args]);
			expect(help.status, `${args}: ${help.stderr}`).toBe(0);
			expect(help.stdout).toMatch(/^usage: npm run content -- <command>/);
			expect(help.stdout).toContain("correct-passage <source_id> <ordinal>");
			expect(help.stderr).toBe("");
		}
		for (const args of [
			["frobnicate", "src_x", "--reason", "r"],
			["unpublish", "--bogus"],
		]) {
			const wrong = tsx(["scripts/content.ts", ...args]);
			expect(wrong.status).toBe(2);
			const [first, ...rest] = wrong.stderr.split("\n");
			expect(first).toMatch(/^FAIL (unknown command "frobnicate"|Unknown option '--bogus')/);
			expect(rest.join("\n")).toContain("usage: npm run content");
			expect(wrong.stderr).not.toMatch(/\n\s+at /);
		}
	});

	it("refuses an action without a reason before it reads anything", () => {
		const noReason = tsx(["scripts/content.ts", "unpublish", "src_whatever", "--persist-to", persistTo]);
		expect(noReason.status).toBe(1);
		expect(noReason.stderr).toContain("--reason");
	});

	it("refuses an action on an unknown id in its one command, changing nothing", () => {
		const snapshot = () =>
			d1Query<{ actions: number; published: number }>(
				{ remote: false, persistTo },
				"SELECT (SELECT COUNT(*) FROM content_actions) AS actions, (SELECT COUNT(*) FROM sources WHERE publication_state = 'published') AS published",
			);
		const before = snapshot();
		const unknown = tsx([
			"scripts/content.ts",
			"unpublish",
			"src_doesnotexist",
			"--reason",
			"x",
			"--persist-to",
			persistTo,
		]);
		expect(unknown.status).toBe(1);
		expect(unknown.stderr).toContain("no source has the id src_doesnotexist");
		expect(snapshot()).toEqual(before);
	});
});

describe("search lexicon (npm run lexicon)", () => {
	const query = { query: "quokka", limit: 20 };
	const search = async () => (await callTool(server.url, "search_sources", query)).structuredContent;
	// Polls until the answer reads the lexicon as wanted.
	const within = async (alternatives: string[]) => {
		const started = Date.now();
		for (;;) {
			const sc = await search();
			if (JSON.stringify(sc.interpreted_as[0].alternatives) === JSON.stringify(alternatives)) return sc;
			expect(Date.now() - started, "the isolate's copy outlived its bound").toBeLessThan(
				PROJECTION_COPY_MAX_AGE_MS + 5000,
			);
			await new Promise((r) => setTimeout(r, 500));
		}
	};
	const check = () => tsx(["scripts/lexicon.ts", "check", "--persist-to", persistTo]);
	let before: Record<string, any>;

	it(
		"an operator's entry reaches every search on the running server within the copy's bound",
		WAITS_FOR_THE_COPY,
		async () => {
			before = await search();
			expect(before.interpreted_as[0].alternatives).toEqual([]);
			const migrated = check();
			expect(migrated.status, migrated.stderr).toBe(0);
			expect(migrated.stdout).toMatch(/ok {3}the table holds exactly the \d+ rows of /);
			const add = tsx([
				"scripts/lexicon.ts",
				"add",
				"quokka",
				"vellum",
				"--kind",
				"variant",
				"--note",
				"operations test",
				"--persist-to",
				persistTo,
			]);
			expect(add.status, add.stderr).toBe(0);
			expect(add.stdout).toContain("ok   2 rows: quokka = vellum (variant); read back as given");
			const list = tsx(["scripts/lexicon.ts", "list", "quokka", "--persist-to", persistTo]);
			expect(list.stdout).toContain("quokka -> vellum  [variant]  operations test");
			const differs = check();
			expect(differs.status).toBe(1);
			expect(differs.stderr.trim().split("\n").sort()).toEqual([
				"FAIL in the table, not in the file: quokka -> vellum",
				"FAIL in the table, not in the file: vellum -> quokka",
			]);
			expect((await within(["vellum"])).total_estimate).toBeGreaterThanOrEqual(before.total_estimate);
		},
	);

	it("and so does its removal, thirty forms in one command", WAITS_FOR_THE_COPY, async () => {
		// Thirty forms in one remove (870 ordered pairs): once 133 KB of SQL that no command could carry.
		const others = Array.from({ length: 28 }, (_, i) => `unlinked form ${i}`);
		const remove = tsx([
			"scripts/lexicon.ts",
			"remove",
			"quokka",
			"vellum",
			...others,
			"--persist-to",
			persistTo,
		]);
		expect(remove.status, remove.stderr).toBe(0);
		expect(remove.stdout).toContain(
			`ok   removed the links between quokka, vellum, ${others.join(", ")}; read back: none left`,
		);
		expect((await within([])).total_estimate).toBe(before.total_estimate);
		expect(check().status).toBe(0);
	});

	it("the newest lexicon migration is what `generate` writes; `generate --new` numbers one after every migration", () => {
		const newest = lexiconMigrationFile();
		expect(newest).toMatch(/\/\d{4}_search_lexicon_[a-z0-9_]+\.sql$/);
		expect(readFileSync(newest, "utf8")).toBe(lexiconMigration(readLexiconFile()));
		const dir = mkdtempSync(join(tmpdir(), "base2026-migrations-"));
		try {
			for (const name of ["0001_public_tables.sql", "0008_search_lexicon.sql", "0012_other.sql"])
				writeFileSync(join(dir, name), "");
			expect(() => lexiconMigrationFile(undefined, dir)).toThrow(/generate --new NAME/);
			writeFileSync(join(dir, "0010_search_lexicon_more_forms.sql"), "");
			expect(lexiconMigrationFile(undefined, dir)).toBe(join(dir, "0010_search_lexicon_more_forms.sql"));
			expect(lexiconMigrationFile("fixes", dir)).toBe(join(dir, "0013_search_lexicon_fixes.sql"));
			expect(() => lexiconMigrationFile("Bad Name", dir)).toThrow(/lower-case letters/);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
		expect(lexiconMigrationFile(undefined, MIGRATIONS_DIR)).toBe(newest);
	});

	it("refuses an entry with one form or an unknown kind, changing nothing", () => {
		const count = () =>
			d1Query<{ n: number }>({ remote: false, persistTo }, "SELECT COUNT(*) AS n FROM search_lexicon")[0]?.n;
		const before = count();
		const one = tsx(["scripts/lexicon.ts", "add", "AIO", "--kind", "acronym", "--persist-to", persistTo]);
		expect(one.status).toBe(1);
		expect(one.stderr).toContain("at least two forms");
		const kind = tsx(["scripts/lexicon.ts", "add", "a1", "b1", "--kind", "bogus", "--persist-to", persistTo]);
		expect(kind.status).toBe(1);
		expect(kind.stderr).toContain("kind must be one of");
		expect(count()).toBe(before);
	});
});

describe("deploy", () => {
	it("--dry-run builds the bundle without an account", () => {
		// dist/ may hold an earlier build: remove it, so only this run can have written the bundle.
		rmSync(resolve(REPO_ROOT, "dist"), { recursive: true, force: true });
		const built = tsx(["scripts/deploy.ts", "--dry-run"]);
		expect(built.status, built.stdout + built.stderr).toBe(0);
		expect(built.stdout).toMatch(/ok {2}build the bundle .*: \d+ bytes in dist\//);
		expect(existsSync(resolve(REPO_ROOT, "dist/index.js"))).toBe(true);
	});
});

describe("corpus:import refuses records that stand in for others (docs/corpus-format.md)", () => {
	/** The sample corpus with one record changed by `change`, the line it changed and the line it names. */
	const sample = [...generateCorpusLines()];
	const parsed = sample.map((line) => JSON.parse(line) as Record<string, any>);
	const lineOf = (where: (r: Record<string, any>) => boolean) => parsed.findIndex(where) + 1;
	const tiktokSources = parsed.flatMap((r, i) =>
		r.kind === "source" && r.platform === "tiktok" ? [i + 1] : [],
	);
	const [first = 0, later = 0] = [tiktokSources[0], tiktokSources[5]];
	const samLine = lineOf((r) => r.handle === "seo.with.sam");
	const rajLine = lineOf((r) => r.handle === "rankmath_raj");
	const firstId = parsed[first - 1]?.source_id;

	const hostile: [string, number, (r: Record<string, any>) => void, string][] = [
		[
			"an item_id alias equal to another source's id",
			later,
			(r) => {
				r.aliases[0].alias = firstId;
			},
			`line ${later}: aliases.0.alias: alias "${firstId}" is the id of the source on line ${first}: source ids and aliases are one namespace`,
		],
		[
			"a handle with a Cyrillic а beside seo.with.sam",
			rajLine,
			(r) => {
				r.handle = "seo.with.s\u0430m";
			},
			`line ${rajLine}: handle: handle "seo.with.s\u0430m" looks like the handle "seo.with.sam" on line ${samLine}:`,
		],
		[
			"a handle holding U+FFFD",
			rajLine,
			(r) => {
				r.handle = "rankmath_r\uFFFDj";
			},
			`line ${rajLine}: handle: contains U+FFFD REPLACEMENT CHARACTER at character 11`,
		],
		[
			"a profile_url whose host follows user info",
			samLine,
			(r) => {
				r.profile_url = "https://www.tiktok.com@evil.example/x";
			},
			`line ${samLine}: profile_url: must be a tiktok URL: https on www.tiktok.com,`,
		],
	];

	it.each(hostile)(
		"%s: refused with the line, the field and the rule, nothing imported (exit 1)",
		(_, line, change, named) => {
			const dir = mkdtempSync(join(tmpdir(), "hostile-"));
			try {
				const record = structuredClone(parsed[line - 1] as Record<string, any>);
				change(record);
				const file = join(dir, "hostile.jsonl");
				writeFileSync(
					file,
					sample.map((text, i) => (i + 1 === line ? JSON.stringify(record) : text)).join("\n"),
				);
				const run = tsx(["scripts/corpus/import.ts", file, "--dry-run", "--persist-to", join(dir, "state")]);
				expect(run.status, run.stderr).toBe(1);
				expect(run.stderr).toContain(named);
				expect(run.stderr).toContain("FAIL import failed: 1 problem(s)");
			} finally {
				rmSync(dir, { recursive: true, force: true });
			}
		},
	);

	it("the unchanged sample passes the same check", () => {
		const dir = mkdtempSync(join(tmpdir(), "sample-"));
		try {
			const file = join(dir, "sample.jsonl");
			writeFileSync(file, sample.join("\n"));
			const run = tsx(["scripts/corpus/import.ts", file, "--dry-run", "--persist-to", join(dir, "state")]);
			expect(run.status, run.stderr).toBe(0);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe("every operator command has one command line shape", () => {
	// --help and an unknown option, for every npm script: test/commands/repository.test.ts.
	it("-h is --help", () => {
		const short = tsx(["scripts/projections-refresh.ts", "-h"]);
		expect(short.status).toBe(0);
		expect(short.stdout).toMatch(/^usage: npm run projections:refresh/);
	});

	// One case per command line: each is one process.
	it.each([
		[["scripts/verify.ts"], "FAIL give the endpoint with --url"],
		[["scripts/verify.ts", "--url", "base2026.dev"], 'FAIL --url "base2026.dev" is not an http(s) URL'],
		[["scripts/start.ts", "--port", "80a"], 'FAIL --port "80a" is not a port number (1-65535)'],
		[["scripts/lexicon.ts", "frobnicate"], 'FAIL unknown command "frobnicate"'],
		[["scripts/corpus/import.ts"], "FAIL name one corpus file"],
		[["scripts/corpus/generate.ts", "--sources", "2.5"], "FAIL --sources must be a non-negative integer"],
	] as [string[], string][])(
		"%j: a value it cannot act on is named before anything runs (exit 2)",
		(args, message) => {
			const run = tsx(args);
			expect(run.status, `${args.join(" ")}: ${run.stderr}`).toBe(2);
			expect(run.stderr.split("\n")[0]).toBe(message);
		},
	);

	it("corpus:generate reads back the file it wrote", () => {
		const dir = mkdtempSync(join(tmpdir(), "generate-"));
		try {
			const out = join(dir, "corpus.jsonl");
			const run = tsx(["scripts/corpus/generate.ts", "--sources", "3", "--out", out]);
			expect(run.status, run.stderr).toBe(0);
			const bytes = readFileSync(out).length;
			expect(run.stderr).toContain(`to ${out}, ${bytes} bytes read back`);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
