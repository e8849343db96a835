/**
 * `npx tsx scripts/bench/cost/plan-parts.ts [--sources N] [--repeat N] [--only TEXT]`
 *
 * Each search shape of the cost cases, planned as the isolate plans it (the copy of the bench's
 * state) and its statements timed one by one by D1's own duration (the median of --repeat runs after
 * a warming one): the census alone (its guess turned off), the first statement, and the statement of
 * the plan the census settled, with the rows each reads. What the prediction (src/search/plan/cost.ts)
 * is held to, part by part.
 */

import { writeFileSync } from "node:fs";
import { P } from "../../../src/search/execute/sql/params";
import { readAnswer, statementOf } from "../../../src/search/execute/statement";
import { statementWork } from "../../../src/search/plan/cost";
import { type Census, type Plan, settle } from "../../../src/search/plan/plan";
import { vocabularyOf } from "../../../src/search/vocabulary/vocabulary";
import { EXIT_OK, OPTIONAL, readCommandLine, runCommand, runWhenInvoked } from "../../lib/command";
import { SqlTimer } from "../lib/sql-timer";
import { ensureBenchState } from "../lib/state";
import { askOf, loadCopyForPrediction, planWithCopy } from "./copy";
import { COST_CASES } from "./cost-cases";

const USAGE = `usage: npx tsx scripts/bench/cost/plan-parts.ts [--sources N] [--repeat N] [--only TEXT]

  --sources N   the bench state's size (default 100000)
  --repeat N    runs timed per statement, the median kept (default 3)
  --only TEXT   only the cases whose label holds TEXT
  --work FILE   also write each statement's measured time beside the work the prediction counts for it
                (src/search/plan/cost.ts, statementWork), one JSON object a line: what its units are fitted to`;

const parse = (argv: string[]) =>
	readCommandLine(argv, { sources: 100_000, repeat: 3, only: OPTIONAL, work: OPTIONAL });

const describe = (plan: Plan) =>
	`${plan.mode} ${plan.ranking.by}${plan.census === null ? "" : ` +census(count ${plan.census.count})`}`;

async function run({ sources, repeat, only, work }: ReturnType<typeof parse>): Promise<number> {
	const lines: string[] = [];
	const state = await ensureBenchState(sources);
	const copy = await loadCopyForPrediction(state.persistTo);
	const timer = new SqlTimer(state.persistTo);
	try {
		const time = async (plan: Plan, censusOnly = false, label = "") => {
			const { sql, values } = statementOf(plan);
			if (censusOnly) values[Number(P.guessFrom.slice(1)) - 1] = -1;
			if (censusOnly) values[Number(P.guessTo.slice(1)) - 1] = -2;
			const t = await timer.median(sql, values, repeat);
			const answered = readAnswer(t.rows, plan);
			if (label !== "")
				lines.push(
					JSON.stringify({ label, ms: t.ms, work: statementWork(plan, vocabularyOf(copy), answered.ran) }),
				);
			return { ms: t.ms, rows: t.rowsRead, answered };
		};
		for (const c of COST_CASES()) {
			if (c.kind !== "search" || !("body" in c.request) || (only !== undefined && !c.label.includes(only)))
				continue;
			const args = (JSON.parse(c.request.body) as { params: { arguments: Record<string, unknown> } }).params
				.arguments;
			const { input, first } = planWithCopy(askOf(args), copy);
			const line = [c.label, describe(first)];
			const census = first.census === null ? null : await time(first, true);
			if (census !== null)
				line.push(`census ${census.ms} ms ${census.rows} rows n=${census.answered.census?.n}`);
			const one = await time(first, false, `${c.label} first`);
			line.push(`first ${one.ms} ms ${one.rows} rows ran=${one.answered.ran}`);
			const ranEmpty = one.answered.ran && first.ranking.by === "whole" && one.answered.page.total === 0;
			if (first.census !== null && (!one.answered.ran || ranEmpty)) {
				const settled = settle(input, first, one.answered.census as Census, ranEmpty);
				line.push(`settled ${describe(settled)}`);
				if (settled.ranking.by !== "none") {
					const two = await time(settled, false, `${c.label} second`);
					line.push(`second ${two.ms} ms ${two.rows} rows`);
				}
			}
			console.log(line.join(" | "));
		}
		if (work !== undefined) writeFileSync(work, `${lines.join("\n")}\n`);
		return EXIT_OK;
	} finally {
		await timer.close();
	}
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
