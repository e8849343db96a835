/**
 * `npm run capture` as an operator runs it: against a real `wrangler dev` with the production budget
 * (a copy of the e2e database, seeded as `npm start` seeds), it records the whole set, writes it and
 * reads it back, and what it records matches the stored data/recordings.json; against the e2e
 * server's benchmark budget, or no server, or a bad command line, it fails in one line.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
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
			/^Recorded 9 exchanges from http:\/\/127\.0\.0\.1:\d+\/api\/mcp \(base2026-public-mcp [\d.]+\) at \S+ into .*; read back\.\n$/,
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
