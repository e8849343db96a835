/** Runs the project's pinned wrangler as a child process, never asking questions, failing loudly. */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { REPO_ROOT, wranglerBin, wranglerEnv } from "./dev-server";

interface WranglerResult {
	status: number;
	stdout: string;
	stderr: string;
}

export function runWrangler(
	args: string[],
	options: { allowFailure?: boolean; input?: string } = {},
): WranglerResult {
	const result = spawnSync(process.execPath, [wranglerBin, ...args], {
		cwd: REPO_ROOT,
		env: { ...wranglerEnv(), CI: "true" },
		encoding: "utf8",
		input: options.input,
		maxBuffer: 256 * 1024 * 1024,
	});
	const outcome = {
		status: result.status ?? 1,
		stdout: result.stdout ?? "",
		// A process that could not start (an argument over the system's limit: E2BIG) says why here.
		stderr: `${result.stderr ?? ""}${result.error ? `${result.error.message}\n` : ""}`,
	};
	if (outcome.status !== 0 && !options.allowFailure) {
		throw new Error(
			`wrangler ${args.map(shown).join(" ")} failed (${outcome.status}):\n${outcome.stdout}\n${outcome.stderr}`,
		);
	}
	return outcome;
}

/** An argument as a failure names it: SQL text of any length is cut, with its size, so the reason stays readable. */
const shown = (arg: string): string =>
	arg.length <= 200 ? arg : `${arg.slice(0, 160)}… (${arg.length} characters)`;

/** Which D1 an operator command acts on: the local one (optionally under another state directory) or the deployed one. */
export interface D1Target {
	remote: boolean;
	persistTo?: string;
}

export function d1TargetArgs(target: D1Target): string[] {
	return target.remote
		? ["--remote"]
		: ["--local", ...(target.persistTo ? ["--persist-to", target.persistTo] : [])];
}

/** Runs SQL text on the DB binding's database and returns the rows of each of its statements. */
export function d1Results<T>(target: D1Target, sql: string): T[][] {
	const output = runWrangler(["d1", "execute", "DB", ...d1TargetArgs(target), "--json", "--command", sql]);
	const results = JSON.parse(output.stdout) as { results?: T[] }[];
	return results.map((r) => r.results ?? []);
}

/** Runs SQL text on the DB binding's database and returns the rows of its last statement. */
export function d1Query<T>(target: D1Target, sql: string): T[] {
	return d1Results<T>(target, sql).at(-1) ?? [];
}

/** Applies migrations/ to the local D1 kept under `persistTo` (wrangler's default is .wrangler/state). */
export function applyLocalMigrations(persistTo?: string): void {
	runWrangler(["d1", "migrations", "apply", "DB", ...d1TargetArgs({ remote: false, persistTo })]);
}

/**
 * wrangler's own reading of its configuration (wrangler.toml, an environment), loaded when first
 * asked: a command's `--help` and usage errors answer without loading wrangler.
 */
export function readWranglerConfig(args: { config?: string; env?: string }) {
	const wrangler = createRequire(import.meta.url)("wrangler") as typeof import("wrangler");
	return wrangler.unstable_readConfig(args);
}
