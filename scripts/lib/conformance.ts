/**
 * Runs the official MCP conformance suite (pinned in test/conformance, on the project's own Node)
 * against a server URL, one scenario at a time, and reads back every check it recorded.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { REPO_ROOT } from "./dev-server";

const RUNNER_DIR = resolve(REPO_ROOT, "test/conformance");
const CLI = join(RUNNER_DIR, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const BASELINE = join(RUNNER_DIR, "expected-failures.yml");

interface ConformanceCheck {
	id: string;
	status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | "SKIPPED";
	description: string;
	errorMessage?: string;
}

interface ScenarioRun {
	scenario: string;
	specVersion?: string;
	exitCode: number;
	checks: ConformanceCheck[];
	output: string;
}

/** Installs the pinned suite from its own lock file the first time (a fresh clone has not). */
function ensureConformanceInstalled(): void {
	if (existsSync(CLI)) return;
	const result = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: RUNNER_DIR, stdio: "inherit" });
	if (result.status !== 0) throw new Error("npm ci in test/conformance failed");
}

export function runScenario(url: string, scenario: string, specVersion?: string): ScenarioRun {
	ensureConformanceInstalled();
	const outputDir = mkdtempSync(join(tmpdir(), "conformance-"));
	try {
		const args = [
			CLI,
			"server",
			"--url",
			url,
			"--scenario",
			scenario,
			"--expected-failures",
			BASELINE,
			"-o",
			outputDir,
		];
		if (specVersion) args.push("--spec-version", specVersion);
		const result = spawnSync(process.execPath, args, {
			encoding: "utf8",
			env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
			timeout: 120_000,
		});
		const runDir = readdirSync(outputDir).find((name) => name.startsWith("server-"));
		const checks: ConformanceCheck[] = runDir
			? JSON.parse(readFileSync(join(outputDir, runDir, "checks.json"), "utf8"))
			: [];
		return {
			scenario,
			specVersion,
			exitCode: result.status ?? 1,
			checks,
			output: `${result.stdout}${result.stderr}`,
		};
	} finally {
		rmSync(outputDir, { recursive: true, force: true });
	}
}

/** The ids the baseline file lists for a scenario. */
export function baselinedChecks(scenario: string): string[] {
	return readFileSync(BASELINE, "utf8")
		.split("\n")
		.map((line) => line.trim())
		.filter((line) => line.startsWith(`- ${scenario}:`))
		.map((line) => line.slice(`- ${scenario}:`.length).trim());
}

export function summarize(run: ScenarioRun): string {
	const count = (status: ConformanceCheck["status"]) => run.checks.filter((c) => c.status === status).length;
	const label = run.specVersion ? `${run.scenario} @${run.specVersion}` : run.scenario;
	const failed = run.checks.filter((c) => c.status === "FAILURE").map((c) => c.id);
	return `${label}: ${count("SUCCESS")} passed, ${count("FAILURE")} failed (expected: ${failed.join(", ") || "none"}), ${count("WARNING")} warnings, ${count("SKIPPED")} skipped`;
}
