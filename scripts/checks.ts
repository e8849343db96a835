/**
 * The toolchain's own commands, in the one shape every `npm run` script has (scripts/lib/command.ts):
 *
 *   npm run typecheck   wrangler types --check, then tsc over the Worker, the Node scripts and the browser program
 *   npm run lint        Biome's checks (format and lint) over the repository
 *   npm run format      Biome's formatter, writing
 *   npm run types       wrangler types: worker-configuration.d.ts from wrangler.toml
 *
 * package.json names the check as the first argument; the rest is the command line a person typed,
 * which takes only --help. Each step runs with its own output; the first that fails ends the run
 * with its exit code.
 */
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { EXIT_OK, runCommand, runWhenInvoked, UsageError } from "./lib/command";
import { REPO_ROOT } from "./lib/dev-server";

const bin = (name: string) => resolve(REPO_ROOT, "node_modules/.bin", name);
const WRANGLER_TYPES = [bin("wrangler"), "types", "--strict-vars=false"];

/** Each check: what it does, and its steps (argv each). */
const CHECKS: Record<string, { does: string; steps: string[][] }> = {
	typecheck: {
		does: "checks worker-configuration.d.ts against wrangler.toml, then the types of the Worker and its tests, the Node scripts and tests, and the browser program",
		steps: [
			[...WRANGLER_TYPES, "--check"],
			[bin("tsc"), "--noEmit", "-p", "tsconfig.json"],
			[bin("tsc"), "--noEmit", "-p", "tsconfig.node.json"],
			[bin("tsc"), "--noEmit", "-p", "tsconfig.browser.json"],
		],
	},
	lint: {
		does: "runs Biome's format and lint checks over the repository",
		steps: [[bin("biome"), "check", "."]],
	},
	format: {
		does: "formats the repository with Biome, writing the files",
		steps: [[bin("biome"), "format", "--write", "."]],
	},
	types: { does: "writes worker-configuration.d.ts from wrangler.toml", steps: [WRANGLER_TYPES] },
};

const usageOf = (check: string) => `usage: npm run ${check}

  ${CHECKS[check]?.does ?? ""}; exit 0 when it passes, else the failing step's exit code.`;

function parse(argv: string[]) {
	const { values } = parseArgs({
		args: argv,
		options: { help: { type: "boolean", short: "h", default: false } },
	});
	return { help: values.help };
}

function runSteps(check: string): number {
	for (const step of CHECKS[check]?.steps ?? []) {
		const [command, ...args] = step as [string, ...string[]];
		const result = spawnSync(command, args, {
			cwd: REPO_ROOT,
			stdio: "inherit",
			env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
		});
		if (result.error) throw new Error(`${step.slice(0, 2).join(" ")} did not start: ${result.error.message}`);
		if (result.status !== 0) return result.status ?? 1;
	}
	return EXIT_OK;
}

/** `check` is the npm script's name (package.json passes it); `argv` what the person typed after it. */
export function main(argv: string[]): Promise<number> {
	const [check = "", ...rest] = argv;
	if (!Object.hasOwn(CHECKS, check)) {
		const usage = Object.keys(CHECKS)
			.map((name) => usageOf(name))
			.join("\n\n");
		return runCommand(rest, {
			usage,
			parse,
			run: () => {
				throw new UsageError(`unknown check ${JSON.stringify(check)}`);
			},
		});
	}
	return runCommand(rest, { usage: usageOf(check), parse, run: () => runSteps(check) });
}

runWhenInvoked(import.meta.url, main);
