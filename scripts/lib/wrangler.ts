/** Runs the project's pinned wrangler as a child process, never asking questions, failing loudly. */
import { spawnSync } from "node:child_process";
import { REPO_ROOT, wranglerBin, wranglerEnv } from "./dev-server";

export interface WranglerResult {
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
	const outcome = { status: result.status ?? 1, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
	if (outcome.status !== 0 && !options.allowFailure) {
		throw new Error(
			`wrangler ${args.join(" ")} failed (${outcome.status}):\n${outcome.stdout}\n${outcome.stderr}`,
		);
	}
	return outcome;
}

/** Applies migrations/ to the local D1 kept under `persistTo` (wrangler's default is .wrangler/state). */
export function applyLocalMigrations(persistTo?: string): void {
	runWrangler([
		"d1",
		"migrations",
		"apply",
		"DB",
		"--local",
		...(persistTo ? ["--persist-to", persistTo] : []),
	]);
}
