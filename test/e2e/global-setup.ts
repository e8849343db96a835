/**
 * One `wrangler dev` for the end-to-end tests, on a free loopback port, over its own local state
 * (migrated and seeded from scratch) so a run never touches the developer's data. It runs the
 * `bench` environment: the same Worker with a budget that the conformance suite's burst of requests
 * from one address fits in. The 60-per-minute budget itself is tested in the Workers runtime
 * (test/workers/rate-limit.test.ts) and against production configuration by the release check.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { type DevServer, startDevServer } from "../../scripts/lib/dev-server";
import { seedLocalDatabase } from "../../scripts/lib/seed-local";

declare module "vitest" {
	export interface ProvidedContext {
		mcpUrl: string;
		origin: string;
		persistTo: string;
	}
}

let server: DevServer | undefined;
let persistTo: string | undefined;

export async function setup(project: TestProject) {
	persistTo = mkdtempSync(join(tmpdir(), "base2026-e2e-"));
	await seedLocalDatabase({ persistTo, log: () => {} });
	server = await startDevServer({ persistTo, environment: "bench" });
	project.provide("mcpUrl", server.url);
	project.provide("origin", server.origin);
	project.provide("persistTo", persistTo);
}

export async function teardown() {
	await server?.stop();
	if (persistTo) rmSync(persistTo, { recursive: true, force: true });
}
