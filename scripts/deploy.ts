/**
 * `npm run deploy [-- --url https://base2026.dev/api/mcp] [-- --dry-run]` (`-- --help` for the usage)
 *
 * Applies the remote D1 migrations, deploys the Worker, then runs the release check against the
 * deployed URL with the version wrangler just uploaded; stops at the first failure. With --dry-run
 * it only builds the bundle into dist/ (what can run without a Cloudflare account) and reports its size.
 */
import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { runCommand, runWhenInvoked, UsageError } from "./lib/command";
import { REPO_ROOT } from "./lib/dev-server";
import { readWranglerConfig, runWrangler } from "./lib/wrangler";
import { verify } from "./verify";

const OUT_DIR = resolve(REPO_ROOT, "dist");

function step(name: string, run: () => string | undefined) {
	process.stdout.write(`… ${name}\n`);
	const detail = run();
	process.stdout.write(`ok  ${name}${detail ? `: ${detail}` : ""}\n`);
}

/** Bytes of the built bundle: every module wrangler wrote, without source maps. */
function bundleBytes(dir = OUT_DIR): number {
	return readdirSync(dir)
		.filter((file) => /\.(js|mjs|sql|wasm)$/.test(file))
		.reduce((sum, file) => sum + statSync(join(dir, file)).size, 0);
}

function buildBundle(outDir = OUT_DIR, extra: string[] = []): number {
	runWrangler(["deploy", "--dry-run", "--outdir", outDir, ...extra]);
	return bundleBytes(outDir);
}

export const USAGE = `usage: npm run deploy [-- --url <endpoint>] [-- --dry-run]

  --url URL          the endpoint to verify after the deploy (default: PUBLIC_BASE_URL of wrangler.toml + /api/mcp)
  --dry-run          only build the bundle into dist/ (no Cloudflare account needed) and report its size
  -h, --help         this text

Applies the remote D1 migrations, deploys, then reads the deployed version back through npm run verify;
stops at the first failure (exit 1).`;

function parse(argv: string[]) {
	const { values } = parseArgs({
		args: argv,
		options: {
			"dry-run": { type: "boolean", default: false },
			url: { type: "string" },
			help: { type: "boolean", short: "h", default: false },
		},
	});
	if (values.url !== undefined && !URL.canParse(values.url))
		throw new UsageError(`--url ${JSON.stringify(values.url)} is not a URL`);
	return { ...values, help: values.help };
}

async function run(values: ReturnType<typeof parse>): Promise<number> {
	if (values["dry-run"]) {
		step("build the bundle (wrangler deploy --dry-run)", () => `${buildBundle()} bytes in dist/`);
		return 0;
	}
	step("apply remote D1 migrations", () => {
		runWrangler(["d1", "migrations", "apply", "DB", "--remote"]);
		return undefined;
	});
	let versionId = "";
	step("deploy", () => {
		const output = runWrangler(["deploy"]).stdout;
		versionId = /Current Version ID:\s*([0-9a-f-]{36})/i.exec(output)?.[1] ?? "";
		if (!versionId) throw new Error(`wrangler deploy printed no version id:\n${output}`);
		return `version ${versionId}`;
	});
	const publicBaseUrl = String(readWranglerConfig({}).vars?.PUBLIC_BASE_URL ?? "");
	const url = values.url ?? `${publicBaseUrl.replace(/\/+$/, "")}/api/mcp`;
	process.stdout.write(`… verify ${url}\n`);
	if (!(await verify({ url, versionId }))) throw new Error("release verification failed");
	return 0;
}

/** The command line; returns the exit code (0 deployed and verified, 1 a step failed, 2 not a valid command line). */
export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
