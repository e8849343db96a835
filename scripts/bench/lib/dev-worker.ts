/**
 * `tsx scripts/bench/lib/dev-worker.ts <json options>`: wrangler's own local dev server, started through
 * its API (`unstable_startWorker`, the machinery behind `wrangler dev`: the same build, the same
 * Miniflare/workerd runtime, the same local bindings and persistence), with one difference the
 * command line cannot express: the devtools inspector is off.
 *
 * Why: under `wrangler dev` the inspector reports every subrequest, and every D1 query is one, as
 * four Network.* devtools events (the last with the whole response body, base64) that wrangler's
 * inspector proxy forwards to its Node process, which formats each and appends it to its debug log
 * file (~/.config/.wrangler/logs). That costs milliseconds of CPU per D1 query on the same cores as
 * the Worker, and it does not exist on Cloudflare. BENCHMARKS.md measures both ways.
 *
 * Prints `ready <origin>` once listening; stops on SIGTERM/SIGINT.
 */
import { unstable_startWorker } from "wrangler";

interface Options {
	config: string;
	env?: string;
	persistTo: string;
	port: number;
	vars: Record<string, string>;
}

const options = JSON.parse(process.argv[2] as string) as Options;
const worker = await unstable_startWorker({
	config: options.config,
	env: options.env,
	bindings: Object.fromEntries(
		Object.entries(options.vars).map(([name, value]) => [name, { type: "plain_text" as const, value }]),
	),
	dev: {
		inspector: false,
		persist: options.persistTo,
		server: { hostname: "127.0.0.1", port: options.port },
		watch: false,
		liveReload: false,
		logLevel: "log",
	},
});
await worker.ready;
const url = await worker.url;
process.stdout.write(`ready ${url.origin}\n`);
let stopping = false;
const stop = async () => {
	if (stopping) return;
	stopping = true;
	const timer = setTimeout(() => process.exit(0), 5000);
	try {
		await worker.dispose();
	} finally {
		clearTimeout(timer);
		process.exit(0);
	}
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
