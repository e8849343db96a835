/**
 * `npm run deploy [-- --url https://base2026.dev/api/mcp] [-- --dry-run]`
 *
 * Applies the remote D1 migrations, deploys the Worker, then runs the release check against the
 * deployed URL with the version wrangler just uploaded; stops at the first failure. With --dry-run
 * it only builds the bundle into dist/ (what can run without a Cloudflare account) and reports its size.
 */
import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { unstable_readConfig } from "wrangler";
import { REPO_ROOT } from "./lib/dev-server";
import { runWrangler } from "./lib/wrangler";
import { verify } from "./verify";

const OUT_DIR = resolve(REPO_ROOT, "dist");

function step(name: string, run: () => string | undefined) {
	process.stdout.write(`… ${name}\n`);
	const detail = run();
	process.stdout.write(`ok  ${name}${detail ? `: ${detail}` : ""}\n`);
}

/** Bytes of the built bundle: every module wrangler wrote, without source maps. */
export function bundleBytes(dir = OUT_DIR): number {
	return readdirSync(dir)
		.filter((file) => /\.(js|mjs|sql|wasm)$/.test(file))
		.reduce((sum, file) => sum + statSync(join(dir, file)).size, 0);
}

export function buildBundle(outDir = OUT_DIR, extra: string[] = []): number {
	runWrangler(["deploy", "--dry-run", "--outdir", outDir, ...extra]);
	return bundleBytes(outDir);
}

if (import.meta.url === `file://${process.argv[1]}`) {
	const { values } = parseArgs({
		options: { "dry-run": { type: "boolean", default: false }, url: { type: "string" } },
	});
	try {
		if (values["dry-run"]) {
			step("build the bundle (wrangler deploy --dry-run)", () => `${buildBundle()} bytes in dist/`);
			process.exit(0);
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
		const publicBaseUrl = String(unstable_readConfig({}).vars?.PUBLIC_BASE_URL ?? "");
		const url = values.url ?? `${publicBaseUrl.replace(/\/+$/, "")}/api/mcp`;
		process.stdout.write(`… verify ${url}\n`);
		if (!(await verify({ url, versionId }))) throw new Error("release verification failed");
	} catch (error) {
		console.error(`FAIL ${(error as Error).message}`);
		process.exit(1);
	}
}
