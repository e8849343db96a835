/**
 * `npm start`: serves the Worker at http://127.0.0.1:8787 (MCP endpoint /api/mcp, guide /mcp) on the
 * local embedded D1, seeded with the sample corpus on first run. Ctrl-C stops it.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { REPO_ROOT, startDevServer } from "./lib/dev-server";
import { seedLocalDatabase } from "./lib/seed-local";

const { values } = parseArgs({ options: { port: { type: "string", default: "8787" } } });
const port = Number(values.port);
const persistTo = resolve(REPO_ROOT, ".wrangler/state");

const seeded = await seedLocalDatabase({ persistTo });
console.error(
	seeded ? "Local D1 seeded with the sample corpus." : "Local D1 already holds data: left as it is.",
);
const server = await startDevServer({ persistTo, port, inheritOutput: true });
console.error(
	`\nBase2026 Public MCP is up:\n  MCP endpoint  ${server.url}\n  Guide         ${server.origin}/mcp\n`,
);
const stop = async () => {
	await server.stop();
	process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
