import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { seedStatements } from "./test/support/seed";

/**
 * Two projects: `workers` runs inside workerd through Miniflare (real D1, Durable Objects and the
 * rate-limit binding); `e2e` runs in Node against `wrangler dev` with the official MCP clients,
 * the conformance suite and headless Chromium.
 */
export default defineConfig({
	test: {
		// Request logs are only worth reading when a test fails.
		silent: "passed-only",
		projects: [
			{
				plugins: [
					cloudflareTest(async () => ({
						wrangler: { configPath: "./wrangler.toml" },
						miniflare: {
							bindings: {
								TEST_MIGRATIONS: await readD1Migrations("./migrations"),
								TEST_SEED: seedStatements(),
							},
						},
					})),
				],
				test: {
					name: "workers",
					include: ["test/workers/**/*.test.ts"],
					setupFiles: ["./test/workers/setup.ts"],
				},
			},
			{
				test: {
					name: "e2e",
					include: ["test/e2e/**/*.test.ts"],
					environment: "node",
					globalSetup: ["./test/e2e/global-setup.ts"],
					fileParallelism: false,
					testTimeout: 60_000,
					hookTimeout: 180_000,
				},
			},
		],
	},
});
