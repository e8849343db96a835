/**
 * `npm run capture` as an operator runs it: against a real `wrangler dev` with the production budget
 * (a copy of the e2e database, seeded as `npm start` seeds), it records the whole set, writes it and
 * reads it back, and what it records matches the stored data/recordings.json; against the e2e
 * server's benchmark budget, or no server, or a bad command line, it fails in one line.
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { staleExchanges } from "../../scripts/capture/exchanges";
import { type DevServer, REPO_ROOT, startDevServer } from "../../scripts/lib/dev-server";
import { EXCHANGE_KEYS, type Recording, recordings } from "../../src/pages/guide/recordings";

const capture = (args: string[]) =>
	spawnSync(
		process.execPath,
		[resolve(REPO_ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/capture.ts", ...args],
		{
			cwd: REPO_ROOT,
			encoding: "utf8",
			env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
		},
	);

let dir: string;
let production: DevServer | undefined;

beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), "base2026-capture-"));
	// The e2e server's database, read-only for every e2e test, copied: D1 only, no limiter or cache state.
	cpSync(join(inject("persistTo"), "v3", "d1"), join(dir, "state", "v3", "d1"), { recursive: true });
	production = await startDevServer({ persistTo: join(dir, "state") });
});

afterAll(async () => {
	await production?.stop();
	rmSync(dir, { recursive: true, force: true });
});

describe("npm run capture", () => {
	it("records the whole set from a server with the production budget, reads it back, and matches the stored recording", () => {
		const out = join(dir, "recordings.json");
		const run = capture(["--url", production?.url ?? "", "--out", out]);
		expect(run.stderr).toBe("");
		expect(run.status).toBe(0);
		expect(run.stdout).toMatch(
			new RegExp(
				`^Recorded ${EXCHANGE_KEYS.length} exchanges from http://127\\.0\\.0\\.1:\\d+/api/mcp \\(base2026-public-mcp [\\d.]+\\) at \\S+ into .*; read back\\.\n$`,
			),
		);
		const recorded = JSON.parse(readFileSync(out, "utf8")) as Recording;
		expect(recorded.exchanges.map((exchange) => exchange.key)).toEqual([...EXCHANGE_KEYS]);
		expect(recorded.exchanges.at(-1)?.response.status).toBe(429);
		expect(staleExchanges(recordings().recording, recorded)).toEqual([]);
	});

	it("fails in one line where no 429 can be had: the e2e server's benchmark budget", () => {
		const out = join(dir, "bench.json");
		const run = capture(["--url", inject("mcpUrl"), "--out", out]);
		expect(run.status).toBe(1);
		expect(run.stderr).toMatch(
			/^FAIL could not capture from .*: rate-limited: no 429 after 121 pings: this server's budget is not 60 per 60 s \(a bench configuration\?\)/,
		);
		expect(run.stderr.trim().split("\n")).toHaveLength(1);
		expect(existsSync(out)).toBe(false);
	});

	it("fails in one line when nothing answers, and answers --help and a bad command line like every command", () => {
		const down = capture(["--url", "http://127.0.0.1:9/api/mcp", "--out", join(dir, "down.json")]);
		expect(down.status).toBe(1);
		expect(down.stderr).toMatch(
			/^FAIL could not capture from http:\/\/127\.0\.0\.1:9\/api\/mcp: .*\(is the server running\? npm start\)\n$/,
		);
		const help = capture(["--help"]);
		expect(help.status).toBe(0);
		expect(help.stdout).toMatch(/^usage: npm run capture/);
		for (const args of [
			["--url", "ftp://example.com/api/mcp"],
			["--url", "not a url"],
			["extra"],
			["--bogus"],
		]) {
			const bad = capture(args);
			expect(bad.status, args.join(" ")).toBe(2);
			expect(bad.stderr, args.join(" ")).toMatch(/^FAIL .*\n\nusage: npm run capture/);
		}
	});
});

/**
 * A malicious endpoint: it answers each request of the set (its JSON-RPC id is the exchange's key)
 * with the stored recording's answer, changed by `tamper`. Run asynchronously: the endpoint lives in
 * this process, so the capture must not block it.
 */
async function hostile(
	tamper: (recording: Recording) => void,
): Promise<{ url: string; close: () => Promise<void> }> {
	const recording = structuredClone(recordings().recording);
	tamper(recording);
	const server: Server = createServer((request, response) => {
		let body = "";
		request.on("data", (chunk) => {
			body += chunk;
		});
		request.on("end", () => {
			const id = (JSON.parse(body) as { id: string }).id;
			const exchange = recording.exchanges.find((candidate) => candidate.key === id);
			response.writeHead(exchange?.response.status ?? 500, exchange?.response.headers ?? {});
			response.end(exchange?.response.body === null ? "" : JSON.stringify(exchange?.response.body ?? {}));
		});
	});
	await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/mcp`,
		close: () => new Promise((done) => server.close(() => done())),
	};
}

const captureAsync = (args: string[]) =>
	new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
		const child = spawn(
			process.execPath,
			[resolve(REPO_ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/capture.ts", ...args],
			{ cwd: REPO_ROOT, env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
		);
		let stdout = "";
		let stderr = "";
		child.stdout.on("data", (chunk) => {
			stdout += chunk;
		});
		child.stderr.on("data", (chunk) => {
			stderr += chunk;
		});
		child.on("close", (status) => done({ status, stdout, stderr }));
	});

type Hit = { original_url: string; source_page_url: string; title: string };
function searchHits(recording: Recording): Hit[] {
	const search = recording.exchanges.find((exchange) => exchange.key === "search");
	if (search === undefined) throw new Error("the stored recording has no search");
	return (search.response.body as { result: { structuredContent: { results: Hit[] } } }).result
		.structuredContent.results;
}

describe("npm run capture against an endpoint that answers what it likes", () => {
	it.each([
		[
			"javascript: links",
			(recording: Recording) => {
				for (const hit of searchHits(recording)) hit.original_url = "javascript:alert(document.domain)";
			},
			/^FAIL http:\/\/127\.0\.0\.1:\d+\/api\/mcp answered what the guide must not show, so nothing was written: search response\.body\.result\.structuredContent\.results\[0\]\.original_url is not an http\(s\) URL: "javascript:alert\(document\.domain\)" \(and \d+ more\)\n$/,
		],
		[
			"a hidden character in a title",
			(recording: Recording) => {
				const [hit] = searchHits(recording);
				if (hit) hit.title = `Trust me\u202E${hit.title}`;
			},
			/^FAIL .* nothing was written: search response\.body\.result\.structuredContent\.results\[0\]\.title contains U\+202E RIGHT-TO-LEFT OVERRIDE at character 9 /,
		],
	])("refuses %s, writing nothing", async (_label, tamper, message) => {
		const endpoint = await hostile(tamper);
		try {
			const out = join(dir, "hostile.json");
			const run = await captureAsync(["--url", endpoint.url, "--out", out]);
			expect(run.stderr).toMatch(message);
			expect(run.status).toBe(1);
			expect(existsSync(out)).toBe(false);
		} finally {
			await endpoint.close();
		}
	});

	it("refuses an answer file that cites a source the capture lacks, and takes the stored one", async () => {
		const endpoint = await hostile(() => {});
		try {
			const answers = structuredClone(recordings().answers);
			const { claims } = answers.sessions.covered;
			const [first] = claims;
			if (first) claims.push({ ...first, source_id: "src_notrecorded" });
			const answerFile = join(dir, "answer.json");
			writeFileSync(answerFile, JSON.stringify(answers));
			const out = join(dir, "uncited.json");
			const run = await captureAsync(["--url", endpoint.url, "--out", out, "--answer", answerFile]);
			expect(run.stderr).toMatch(
				new RegExp(
					`^FAIL .*answer\\.json does not fit this capture, so nothing was written: covered claim ${claims.length} cites src_notrecorded, a source the recorded session did not return; write the answer from a draft \\(--out FILE --answer none\\) first\n$`,
				),
			);
			expect(run.status).toBe(1);
			expect(existsSync(out)).toBe(false);
			// The genuine answers with the stored answer file are written; a draft skips the answer.
			const stored = await captureAsync(["--url", endpoint.url, "--out", out]);
			expect(stored.stderr).toBe("");
			expect(stored.status).toBe(0);
			const draft = await captureAsync([
				"--url",
				endpoint.url,
				"--out",
				join(dir, "draft.json"),
				"--answer",
				"none",
			]);
			expect(draft.status).toBe(0);
			const guides = capture(["--url", endpoint.url, "--answer", "none"]);
			expect(guides.status).toBe(2);
			expect(guides.stderr).toMatch(/^FAIL --answer none is for a draft/);
		} finally {
			await endpoint.close();
		}
	});
});
