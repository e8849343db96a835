/**
 * npm run docs -- generate   (rewrite every marked fact of README.md and docs/contract.md from the code)
 * npm run docs -- check      (exit 1 when a marked fact differs from what the code says)
 *
 * The facts the docs state about versions, tools, prompts and methods stand between
 * `<!-- fact:KEY -->` and `<!-- /fact -->` and are written from the constants and registries by
 * scripts/lib/doc-facts.ts; a new tool, prompt or method, or a new version, is one `generate` away
 * from docs that say so (test/workers/docs/marked-facts.test.ts fails until then). Search's tuning figures
 * have their own command, `npm run search-tuning`, with the same markers.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { runCommand, runWhenInvoked, UsageError } from "./lib/command";
import { REPO_ROOT } from "./lib/dev-server";
import { FACT_DOCS, withFacts } from "./lib/doc-facts";

const USAGE = `usage: npm run docs -- generate | check

  generate   rewrite every marked fact of ${FACT_DOCS.join(" and ")} from the code
  check      exit 1 when a marked fact differs from what the code says`;

function parse(argv: string[]) {
	const { values, positionals } = parseArgs({
		args: argv,
		allowPositionals: true,
		options: { help: { type: "boolean", short: "h", default: false } },
	});
	const action = positionals[0] ?? "";
	const help = values.help || positionals.length === 0;
	if (!help && !["generate", "check"].includes(action))
		throw new UsageError(`unknown command ${JSON.stringify(action)}`);
	if (!help && positionals.length > 1) throw new UsageError(`${action} takes no more arguments`);
	return { help, action };
}

function run({ action }: ReturnType<typeof parse>): number {
	let differing = 0;
	for (const doc of FACT_DOCS) {
		const path = resolve(REPO_ROOT, doc);
		const before = readFileSync(path, "utf8");
		const after = withFacts(before);
		if (after === before) continue;
		if (action === "generate") {
			writeFileSync(path, after);
			// Read back what was written.
			if (readFileSync(path, "utf8") !== after) throw new Error(`${doc} does not hold what was written`);
			console.log(`ok   wrote ${doc}`);
		} else {
			console.error(`FAIL ${doc} states a fact the code no longer says: npm run docs -- generate`);
			differing++;
		}
	}
	if (differing > 0) return 1;
	if (action === "check")
		console.log(`ok   every marked fact of ${FACT_DOCS.join(" and ")} follows the code`);
	return 0;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
