/**
 * `npm start`: serves the Worker at http://127.0.0.1:8787 (MCP endpoint /api/mcp, guide /mcp) on the
 * local embedded D1, seeded with the sample corpus on first run. Ctrl-C stops it.
 */
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { runCommand, runWhenInvoked, UsageError } from "./lib/command";
import { REPO_ROOT, startDevServer } from "./lib/dev-server";
import { seedLocalDatabase } from "./lib/seed-local";
import { d1Query } from "./lib/wrangler";

export const USAGE = `usage: npm start [-- --port N]

  --port N           the local port (default 8787)
  -h, --help         this text

Seeds the local D1 (.wrangler/state) with the sample corpus when it holds no source, and reads back
how many sources it then holds; serves until Ctrl-C.`;

function parse(argv: string[]) {
	const { values } = parseArgs({
		args: argv,
		options: {
			port: { type: "string", default: "8787" },
			help: { type: "boolean", short: "h", default: false },
		},
	});
	const port = Number(values.port);
	if (!Number.isInteger(port) || port < 1 || port > 65_535)
		throw new UsageError(`--port ${JSON.stringify(values.port)} is not a port number (1-65535)`);
	return { port, help: values.help };
}

async function run({ port }: ReturnType<typeof parse>): Promise<number> {
	const persistTo = resolve(REPO_ROOT, ".wrangler/state");
	const seeded = await seedLocalDatabase({ persistTo });
	const sources =
		d1Query<{ n: number }>({ remote: false, persistTo }, "SELECT COUNT(*) AS n FROM sources")[0]?.n ?? 0;
	if (sources === 0)
		throw new Error("the local D1 holds no source after seeding; delete .wrangler/state and retry");
	console.error(
		seeded
			? `Local D1 seeded with the sample corpus: ${sources} sources read back.`
			: `Local D1 already holds data (${sources} sources): left as it is.`,
	);
	const server = await startDevServer({ persistTo, port, inheritOutput: true });
	console.error(
		`\nBase2026 Public MCP is up:\n  MCP endpoint  ${server.url}\n  Guide         ${server.origin}/mcp\n`,
	);
	await new Promise<void>((stopped) => {
		const stop = () => {
			void server.stop().then(stopped);
		};
		process.once("SIGINT", stop);
		process.once("SIGTERM", stop);
	});
	return 0;
}

/** The command line; returns the exit code once the server has stopped (2: not a valid command line). */
export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main, { exit: true });
