/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance 0.2.0-alpha.12) against
 * `wrangler dev`. Every check passes except the ones in test/conformance/expected-failures.yml,
 * each of which needs something this server deliberately does not offer.
 */
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { baselinedChecks, runScenario, summarize } from "../../scripts/lib/conformance";

const SUMMARY_FILE = "test-results/conformance-summary.txt";

const SCENARIOS: [string, string | undefined][] = [
	["server-initialize", undefined],
	["ping", undefined],
	["tools-list", undefined],
	["tools-list", "2026-07-28"],
	["server-stateless", undefined],
	["http-header-validation", undefined],
	["caching", undefined],
	["dns-rebinding-protection", undefined],
	["dns-rebinding-protection", "2026-07-28"],
];

mkdirSync("test-results", { recursive: true });
writeFileSync(SUMMARY_FILE, "");

describe("official conformance suite", () => {
	const url = inject("mcpUrl");

	for (const [scenario, specVersion] of SCENARIOS) {
		it(`${scenario}${specVersion ? ` @${specVersion}` : ""}`, { timeout: 150_000 }, () => {
			const run = runScenario(url, scenario, specVersion);
			appendFileSync(SUMMARY_FILE, `${summarize(run)}\n`);
			expect(run.checks.length, run.output).toBeGreaterThan(0);
			const unexpected = run.checks
				.filter((c) => c.status === "FAILURE" && !baselinedChecks(scenario).includes(c.id))
				.map((c) => `${c.id}: ${c.errorMessage ?? c.description}`);
			expect(unexpected).toEqual([]);
			expect(run.exitCode, run.output).toBe(0);
			expect(run.checks.filter((c) => c.status === "SUCCESS").length).toBeGreaterThan(0);
		});
	}
});
