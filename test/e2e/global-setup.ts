/**
 * One `wrangler dev` for the end-to-end tests, on a free loopback port, over its own local state
 * (migrated and seeded from scratch) so a run never touches the developer's data. It runs the
 * `bench` environment: the same Worker with a budget that the conformance suite's burst of requests
 * from one address fits in. The 60-per-minute budget itself is tested in the Workers runtime
 * (test/workers/ratelimit/limiter.test.ts) and against production configuration by the release check.
 *
 * Its state is a copy of the seeded template (test/support/local-state.ts); the `commands` project
 * makes its own templates (test/commands/global-setup.ts).
 */
import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { type DevServer, startDevServer } from "../../scripts/lib/dev-server";
import { copyState, prepareStateTemplates, type StateTemplates } from "../support/local-state";

declare module "vitest" {
	export interface ProvidedContext {
		mcpUrl: string;
		origin: string;
		persistTo: string;
	}
}

let server: DevServer | undefined;
let persistTo: string | undefined;
let templates: StateTemplates | undefined;

export async function setup(project: TestProject) {
	templates = await prepareStateTemplates();
	persistTo = copyState(templates.seeded, "base2026-e2e-");
	server = await startDevServer({ persistTo, environment: "bench" });
	project.provide("mcpUrl", server.url);
	project.provide("origin", server.origin);
	project.provide("persistTo", persistTo);
}

export async function teardown() {
	await server?.stop();
	if (persistTo) rmSync(persistTo, { recursive: true, force: true });
	templates?.remove();
}
