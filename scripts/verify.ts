/**
 * `npm run verify -- --url <endpoint> [--version-id ID] [--config wrangler.toml] [--env NAME]` (`--help`)
 *
 * The release check. (1) Reads back the bindings of the deployed version through wrangler and fails
 * unless MCP_RATE_LIMIT (60 per 60 s) and PAGE_RATE_LIMIT (300 per 60 s) are bound, DB, RATE_LIMITER
 * and DATABASE_GATE are bound and no private binding reaches the MCP route; against a local `wrangler dev` it reads the local configuration instead, and says so.
 * (2) server/discover; (3) the AI Catalog and the Server Card it points at, held to server/discover
 * and initialize; (4) one bounded search_sources call in each era; (5) GET is 405.
 * Each step prints one line; any difference exits non-zero with what differed.
 */
import { parseArgs } from "node:util";
import { runCommand, runWhenInvoked, UsageError } from "./lib/command";
import {
	type Binding,
	bindingsFromConfig,
	bindingsFromVersion,
	catalogCardEntry,
	checkBindings,
	checkDiscover,
	checkSearchCall,
	checkServerCard,
	SERVER_CARD_TYPE,
} from "./lib/release-checks";
import { readWranglerConfig, runWrangler } from "./lib/wrangler";

const MODERN_META = {
	"io.modelcontextprotocol/protocolVersion": "2026-07-28",
	"io.modelcontextprotocol/clientCapabilities": {},
	"io.modelcontextprotocol/clientInfo": { name: "base2026-verify", version: "1.0.0" },
};

interface VerifyOptions {
	url: string;
	versionId?: string;
	configPath?: string;
	environment?: string;
	log?: (line: string) => void;
}

class StepFailed extends Error {}

const isLoopback = (url: URL) => ["127.0.0.1", "localhost", "[::1]", "::1"].includes(url.hostname);

function readBack(options: VerifyOptions, local: boolean): { bindings: Binding[]; source: string } {
	if (local) {
		const config = readWranglerConfig({ config: options.configPath, env: options.environment });
		return {
			bindings: bindingsFromConfig(config),
			source: `local configuration ${options.configPath ?? "wrangler.toml"}${options.environment ? ` [env.${options.environment}]` : ""} (not a deployed version: the endpoint is a local wrangler dev)`,
		};
	}
	const envArgs = options.environment ? ["--env", options.environment] : [];
	let versionId = options.versionId;
	if (!versionId) {
		const status = JSON.parse(runWrangler(["deployments", "status", "--json", ...envArgs]).stdout);
		const versions: { version_id: string; percentage: number }[] = status.versions ?? [];
		versionId = [...versions].sort((a, b) => b.percentage - a.percentage)[0]?.version_id;
		if (!versionId) throw new StepFailed("no deployed version found by `wrangler deployments status`");
	}
	const version = JSON.parse(runWrangler(["versions", "view", versionId, "--json", ...envArgs]).stdout);
	return { bindings: bindingsFromVersion(version), source: `deployed version ${versionId}` };
}

async function post(
	url: string,
	body: unknown,
	headers: Record<string, string>,
	// biome-ignore lint/suspicious/noExplicitAny: the reply is checked field by field in lib/release-checks.ts.
): Promise<{ status: number; json: any }> {
	let response: Response;
	try {
		response = await fetch(url, {
			method: "POST",
			headers: { "content-type": "application/json", accept: "application/json", ...headers },
			body: JSON.stringify(body),
			signal: AbortSignal.timeout(15_000),
		});
	} catch (error) {
		throw new StepFailed(`cannot reach ${url}: ${(error as Error).cause ?? (error as Error).message}`);
	}
	const text = await response.text();
	try {
		return { status: response.status, json: JSON.parse(text) };
	} catch {
		throw new StepFailed(
			`${url} answered HTTP ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`,
		);
	}
}

/** GET a discovery document as JSON, with its Content-Type. */
async function getJson(
	url: string,
	accept: string,
	// biome-ignore lint/suspicious/noExplicitAny: the document is checked by its schema in lib/release-checks.ts.
): Promise<{ json: any; contentType: string | null }> {
	let response: Response;
	try {
		response = await fetch(url, { headers: { accept }, signal: AbortSignal.timeout(15_000) });
	} catch (error) {
		throw new StepFailed(`cannot reach ${url}: ${(error as Error).cause ?? (error as Error).message}`);
	}
	const text = await response.text();
	if (response.status !== 200)
		throw new StepFailed(`${url} answered HTTP ${response.status}: ${text.slice(0, 200)}`);
	try {
		return { json: JSON.parse(text), contentType: response.headers.get("content-type") };
	} catch {
		throw new StepFailed(`${url} is not JSON: ${text.slice(0, 200)}`);
	}
}

/** Where the catalog is published: the AI Catalog's well-known URI, and the earlier MCP Catalog draft's. */
const CATALOG_PATHS = ["/.well-known/ai-catalog.json", "/.well-known/mcp/catalog.json"];

const searchArguments = { query: "AI search", limit: 1 };

export async function verify(options: VerifyOptions): Promise<boolean> {
	const log = options.log ?? console.log;
	const url = new URL(options.url);
	const local = isLoopback(url);
	// biome-ignore lint/suspicious/noExplicitAny: server/discover's result, checked by checkDiscover.
	let discovered: any;
	const steps: [string, () => Promise<string>][] = [
		[
			"bindings",
			async () => {
				const { bindings, source } = readBack(options, local);
				const problems = checkBindings(bindings);
				if (problems.length > 0) throw new StepFailed(`${source}: ${problems.join("; ")}`);
				return `${source}: MCP_RATE_LIMIT 60/60 s, PAGE_RATE_LIMIT 300/60 s, DB, RATE_LIMITER, DATABASE_GATE bound; nothing private`;
			},
		],
		[
			"server/discover",
			async () => {
				const { status, json } = await post(
					options.url,
					{
						jsonrpc: "2.0",
						id: "verify-discover",
						method: "server/discover",
						params: { _meta: MODERN_META },
					},
					{ "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "server/discover" },
				);
				const problems =
					status === 200 ? checkDiscover(json) : [`HTTP ${status}: ${JSON.stringify(json).slice(0, 300)}`];
				if (problems.length > 0) throw new StepFailed(problems.join("; "));
				discovered = json.result;
				return `versions ${json.result.supportedVersions.join(", ")}; tools capability; cache ${json.result.cacheScope} ${json.result.ttlMs} ms`;
			},
		],
		[
			"catalog and server card",
			async () => {
				const [first, ...others] = await Promise.all(
					CATALOG_PATHS.map((path) => getJson(new URL(path, url).toString(), "application/ai-catalog+json")),
				);
				const catalog = first?.json;
				for (const [i, other] of others.entries()) {
					if (JSON.stringify(other.json) !== JSON.stringify(catalog))
						throw new StepFailed(`${CATALOG_PATHS[i + 1]} differs from ${CATALOG_PATHS[0]}`);
				}
				const entry = catalogCardEntry(catalog);
				if (entry.problems.length > 0 || entry.url === undefined)
					throw new StepFailed(entry.problems.join("; "));
				const card = await getJson(entry.url, SERVER_CARD_TYPE);
				const legacyVersion = "2025-11-25";
				const init = await post(
					options.url,
					{
						jsonrpc: "2.0",
						id: "verify-card-init",
						method: "initialize",
						params: {
							protocolVersion: legacyVersion,
							capabilities: {},
							clientInfo: { name: "base2026-verify", version: "1" },
						},
					},
					{},
				);
				if (init.status !== 200 || !init.json.result)
					throw new StepFailed(
						`initialize answered HTTP ${init.status}: ${JSON.stringify(init.json).slice(0, 300)}`,
					);
				const identifier = catalog.entries.find((e: { url?: string }) => e.url === entry.url).identifier;
				const problems = checkServerCard({
					identifier,
					card: card.json,
					cardContentType: card.contentType,
					endpoint: options.url,
					discover: discovered,
					initialize: init.json.result,
				});
				if (problems.length > 0) throw new StepFailed(problems.join("; "));
				return `${identifier} → ${entry.url}: ${card.json.name} ${card.json.version}, as server/discover and initialize say`;
			},
		],
		[
			"tools/call 2026-07-28",
			async () => {
				const { status, json } = await post(
					options.url,
					{
						jsonrpc: "2.0",
						id: "verify-modern",
						method: "tools/call",
						params: { name: "search_sources", arguments: searchArguments, _meta: MODERN_META },
					},
					{ "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "search_sources" },
				);
				const problems =
					status === 200
						? checkSearchCall(json, "modern")
						: [`HTTP ${status}: ${JSON.stringify(json).slice(0, 300)}`];
				if (problems.length > 0) throw new StepFailed(problems.join("; "));
				return `search_sources limit 1: ${json.result.structuredContent.results.length} result of ${json.result.structuredContent.total_estimate}`;
			},
		],
		[
			"tools/call 2025-11-25",
			async () => {
				const init = await post(
					options.url,
					{
						jsonrpc: "2.0",
						id: "verify-init",
						method: "initialize",
						params: {
							protocolVersion: "2025-11-25",
							capabilities: {},
							clientInfo: { name: "base2026-verify", version: "1" },
						},
					},
					{},
				);
				if (init.status !== 200 || init.json.result?.protocolVersion !== "2025-11-25") {
					throw new StepFailed(
						`initialize answered HTTP ${init.status}: ${JSON.stringify(init.json).slice(0, 300)}`,
					);
				}
				const { status, json } = await post(
					options.url,
					{
						jsonrpc: "2.0",
						id: "verify-legacy",
						method: "tools/call",
						params: { name: "search_sources", arguments: searchArguments },
					},
					{ "MCP-Protocol-Version": "2025-11-25" },
				);
				const problems =
					status === 200
						? checkSearchCall(json, "legacy")
						: [`HTTP ${status}: ${JSON.stringify(json).slice(0, 300)}`];
				if (problems.length > 0) throw new StepFailed(problems.join("; "));
				return "initialize negotiated 2025-11-25; search_sources limit 1 answered";
			},
		],
		[
			"GET is 405",
			async () => {
				let response: Response;
				try {
					response = await fetch(options.url, { method: "GET", signal: AbortSignal.timeout(15_000) });
				} catch (error) {
					throw new StepFailed(
						`cannot reach ${options.url}: ${(error as Error).cause ?? (error as Error).message}`,
					);
				}
				await response.arrayBuffer();
				if (response.status !== 405 || response.headers.get("allow") !== "POST") {
					throw new StepFailed(
						`GET answered ${response.status} (Allow: ${response.headers.get("allow")}), not 405 with Allow: POST`,
					);
				}
				return "405 with Allow: POST";
			},
		],
	];
	for (const [name, run] of steps) {
		try {
			log(`ok   ${name}: ${await run()}`);
		} catch (error) {
			log(`FAIL ${name}: ${(error as Error).message}`);
			return false;
		}
	}
	log(`verified ${options.url}`);
	return true;
}

export const USAGE = `usage: npm run verify -- --url <endpoint> [--version-id ID] [--config FILE] [--env NAME]

  --url URL          the MCP endpoint to check, e.g. https://base2026.dev/api/mcp (a loopback URL checks a
                     local wrangler dev against the local configuration)
  --version-id ID    the deployed version whose bindings to read back (default: the one serving most traffic)
  --config FILE      wrangler configuration (default wrangler.toml); --env NAME one of its environments
  -h, --help         this text

Prints one line per step; exit 1 at the first difference, naming it.`;

function parse(argv: string[]) {
	const { values } = parseArgs({
		args: argv,
		options: {
			url: { type: "string" },
			"version-id": { type: "string" },
			config: { type: "string" },
			env: { type: "string" },
			help: { type: "boolean", short: "h", default: false },
		},
	});
	if (values.help) return { help: true, url: "" };
	if (!values.url) throw new UsageError("give the endpoint with --url");
	if (!URL.canParse(values.url) || !/^https?:$/.test(new URL(values.url).protocol))
		throw new UsageError(`--url ${JSON.stringify(values.url)} is not an http(s) URL`);
	return {
		help: false,
		url: values.url,
		versionId: values["version-id"],
		configPath: values.config,
		environment: values.env,
	};
}

/** The command line; returns the exit code (0 verified, 1 a step failed, 2 not a valid command line). */
export function main(argv: string[]): Promise<number> {
	return runCommand(argv, {
		usage: USAGE,
		parse,
		run: async ({ help: _, ...options }) => ((await verify(options)) ? 0 : 1),
	});
}

runWhenInvoked(import.meta.url, main);
