/**
 * `npm test`: every test the project has, in one run: the Workers-runtime suite (Miniflare's real D1,
 * Durable Objects and rate-limit binding) and the end-to-end suite (wrangler dev, the official MCP
 * clients, the conformance suite, headless Chromium). Ends with the plain line `N passed, N failed`.
 * Extra arguments go to vitest (e.g. `npm test -- --project workers`).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { REPO_ROOT } from "./lib/dev-server";

interface VitestJson {
	numPassedTests: number;
	numFailedTests: number;
	numPendingTests: number;
	numTodoTests: number;
	testResults: { status: string; message?: string; name: string }[];
}

const resultsDir = resolve(REPO_ROOT, "test-results");
const jsonFile = resolve(resultsDir, "vitest.json");
const conformance = resolve(resultsDir, "conformance-summary.txt");
mkdirSync(resultsDir, { recursive: true });
rmSync(jsonFile, { force: true });
rmSync(conformance, { force: true });

const vitest = spawnSync(
	process.execPath,
	[
		resolve(REPO_ROOT, "node_modules/vitest/vitest.mjs"),
		"run",
		// Vite's module runner loads vitest.config.ts the way the tests load TypeScript (extensionless
		// imports and all); Vite 8's default bundling loader prints a warning for every such import.
		"--configLoader=runner",
		"--reporter=default",
		"--reporter=json",
		`--outputFile.json=${jsonFile}`,
		...process.argv.slice(2),
	],
	{ cwd: REPO_ROOT, stdio: "inherit", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
);

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(jsonFile)) {
	const report = JSON.parse(readFileSync(jsonFile, "utf8")) as VitestJson;
	passed = report.numPassedTests;
	failed = report.numFailedTests;
	skipped = report.numPendingTests + report.numTodoTests;
	// A file that failed to load has no tests to count: count it as a failure, never as nothing.
	failed += report.testResults.filter((file) => file.status === "failed" && file.message).length;
}
if (vitest.status !== 0 && failed === 0) failed = 1;

if (existsSync(conformance) && readFileSync(conformance, "utf8").trim() !== "") {
	console.log("\nConformance (@modelcontextprotocol/conformance 0.2.0-alpha.12):");
	console.log(readFileSync(conformance, "utf8").trimEnd());
}

console.log(`\n${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 ? 1 : 0);
