import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { registryExtras } from "./test/registry-extras/registry-lines";
import { seedStatements } from "./test/support/seed";

/**
 * A private binding the Worker must never touch (test/workers/public-boundary/bindings-and-hidden-rows.test.ts): a service
 * whose every use (fetch or any RPC method) is recorded and throws. PRIVATE_NOTES_PROBE reads the record.
 */
const PRIVATE_NOTES_WORKER = `import { WorkerEntrypoint } from "cloudflare:workers";
const touches = [];
export default class PrivateNotes extends WorkerEntrypoint {
	constructor(ctx, env) {
		super(ctx, env);
		return new Proxy(this, {
			get(_target, key) {
				touches.push(String(key));
				throw new Error("private binding touched: " + String(key));
			},
		});
	}
}
export class Probe extends WorkerEntrypoint {
	touches() {
		return [...touches];
	}
}`;

/** The Workers runtime through Miniflare, as wrangler.toml declares it, with the test-only bindings above. */
const workersRuntime = async () =>
	cloudflareTest(async () => ({
		wrangler: { configPath: "./wrangler.toml" },
		miniflare: {
			bindings: {
				TEST_MIGRATIONS: await readD1Migrations("./migrations"),
				TEST_SEED: seedStatements(),
				// fast-check's base seed for the hardening suites; set HARDENING_SEED to replay or explore.
				HARDENING_SEED: process.env.HARDENING_SEED ?? "",
				// The database gate is global: the suites that send thousands of searches from fresh addresses
				// would meet it as one crowd. Its own suite turns it back on (test/workers/ratelimit/database-gate.test.ts);
				// wrangler dev, and so every e2e test, runs with it.
				DATABASE_GATE_MODE: "off",
			},
			serviceBindings: {
				PRIVATE_NOTES: { name: "private-notes" },
				PRIVATE_NOTES_PROBE: { name: "private-notes", entrypoint: "Probe" },
			},
			workers: [
				{
					name: "private-notes",
					modules: true,
					compatibilityDate: "2026-11-02",
					script: PRIVATE_NOTES_WORKER,
				},
			],
		},
	}));

/**
 * Five projects, one folder of test/ each: `workers` runs inside workerd through Miniflare (real D1,
 * Durable Objects and the rate-limit binding); `registry-extras` is the same Worker built with one
 * extra tool, prompt and method, each registered by one import and one line
 * (test/registry-extras/registry-lines.ts); `e2e` runs in Node against one `wrangler dev` with the
 * official MCP clients, the conformance suite and headless Chromium; `commands` runs the npm commands
 * (operators' and the repository's) in Node, each case on a state of its own; `node` reads the
 * source and runs its SQL in Node's own SQLite, with no runtime or server.
 */
export default defineConfig({
	test: {
		// Request logs are only worth reading when a test fails.
		silent: "passed-only",
		// Three files at a time on two cores: a file spends much of its time waiting (a runtime or a
		// wrangler process starting, a rate-limit window turning on the clock), time a third file's
		// work fills; with two, a whole run kept about 1.2 of the 2 cores busy (test-results/vitest.json).
		maxWorkers: 3,
		projects: [
			{
				plugins: [await workersRuntime()],
				test: {
					name: "workers",
					include: ["test/workers/**/*.test.ts"],
					setupFiles: ["./test/workers/setup.ts"],
					// Three times the longest test that keeps the default, with the machine's other core busy
					// (about 4 seconds, test-results/vitest.json); longer ones set their own.
					testTimeout: 15_000,
				},
			},
			{
				plugins: [registryExtras(), await workersRuntime()],
				test: {
					name: "registry-extras",
					include: ["test/registry-extras/**/*.test.ts"],
					setupFiles: ["./test/workers/setup.ts"],
					testTimeout: 15_000,
				},
			},
			{
				test: {
					name: "e2e",
					include: ["test/e2e/**/*.test.ts"],
					environment: "node",
					globalSetup: ["./test/e2e/global-setup.ts"],
					// One shared wrangler dev and its budget: these files take turns.
					fileParallelism: false,
					testTimeout: 60_000,
					hookTimeout: 180_000,
				},
			},
			{
				test: {
					name: "commands",
					include: ["test/commands/**/*.test.ts"],
					environment: "node",
					// Each case copies a state of its own and starts its own wrangler processes, so these
					// files run beside the Workers tests instead of after them.
					globalSetup: ["./test/commands/global-setup.ts"],
					testTimeout: 60_000,
					hookTimeout: 180_000,
				},
			},
			{
				test: {
					name: "node",
					include: ["test/node/**/*.test.ts"],
					environment: "node",
				},
			},
		],
	},
});
