/**
 * `npm test`: every test the project has, in one run: the Workers-runtime suite (Miniflare's real D1,
 * Durable Objects and rate-limit binding), the registry-extras build and the end-to-end suite
 * (wrangler dev, the official MCP clients, the conformance suite, headless Chromium). Ends with the
 * plain line `N passed, N failed`. It narrows the run like vitest does (`npm test -- --project
 * workers test/workers/<name>.test.ts`, `-t "name"`); anything after a second `--` goes to vitest as it is.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { EXIT_FAILED, EXIT_OK, runCommand, runWhenInvoked } from "./lib/command";
import { REPO_ROOT } from "./lib/dev-server";

export const USAGE = `usage: npm test [-- [--project NAME]… [-t PATTERN] [FILE…] [-- VITEST_ARGS…]]

  --project NAME     only this vitest project (workers, registry-extras, e2e, commands, node); may repeat
  -t PATTERN         only the tests whose name matches PATTERN
  FILE…              only the test files whose path contains FILE
  -- VITEST_ARGS…    passed to vitest as they are (npm test -- -- --bail 1)

Ends with "N passed, N failed" (exit 1 when anything failed).`;

interface VitestJson {
	numPassedTests: number;
	numFailedTests: number;
	numPendingTests: number;
	numTodoTests: number;
	testResults: { status: string; message?: string; name: string }[];
}

interface TestRun {
	help: boolean;
	vitestArgs: string[];
}

function parse(argv: string[]): TestRun {
	const split = argv.indexOf("--");
	const own = split < 0 ? argv : argv.slice(0, split);
	const passed = split < 0 ? [] : argv.slice(split + 1);
	const { values, positionals } = parseArgs({
		args: own,
		allowPositionals: true,
		options: {
			project: { type: "string", multiple: true },
			testNamePattern: { type: "string", short: "t" },
			help: { type: "boolean", short: "h", default: false },
		},
	});
	return {
		help: values.help,
		vitestArgs: [
			...(values.project ?? []).flatMap((project) => ["--project", project]),
			...(values.testNamePattern === undefined ? [] : ["-t", values.testNamePattern]),
			...positionals,
			...passed,
		],
	};
}

function run({ vitestArgs }: TestRun): number {
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
			...vitestArgs,
		],
		{ cwd: REPO_ROOT, stdio: "inherit", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
	);
	if (vitest.error) throw new Error(`vitest did not start: ${vitest.error.message}`);

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
	return failed > 0 ? EXIT_FAILED : EXIT_OK;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
