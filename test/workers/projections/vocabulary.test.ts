/**
 * One import cannot slow every later refresh (issue 53): after 50 sources of 40 passages of words no
 * other source holds (about 480,000 new words), an incremental refresh with nothing changed reads
 * at most twice the rows and runs no more statements than before it, and the pair writer takes the
 * import in rounds sized by their text. Counted, never timed, so it holds on a busy machine.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { recordsToStatements } from "../../../scripts/corpus/statements";
import { ROUND_CHARS, writeQueuedPairs } from "../../../src/projections/pair-writer";
import { refreshProjections } from "../../../src/projections/refresh";
import { CostRecorder } from "../../support/d1-cost";
import { largeVocabularyRecords, PASSAGE_CHARS, PASSAGES } from "../../support/large-vocabulary";
import { one } from "../../support/workers/tool-helpers";

/** An incremental refresh, counted: its statements and the rows they read. */
async function refresh(): Promise<{ statements: number; rowsRead: number }> {
	const recorder = new CostRecorder();
	const outcome = await refreshProjections(recorder.database(env.DB), "incremental");
	expect(outcome.outcome, outcome.error).toBe("succeeded");
	const { statements, rowsRead } = recorder.total();
	return { statements, rowsRead };
}

const words = async () => (await one<{ n: number }>("SELECT COUNT(*) AS n FROM search_vocab")).n;

describe("a large-vocabulary import", () => {
	it("leaves an incremental refresh with nothing changed at most twice its rows read and no more statements", {
		timeout: 300_000,
	}, async () => {
		await refresh();
		const before = await refresh();
		const wordsBefore = await words();
		const records = largeVocabularyRecords({ sources: 50 });
		const statements = recordsToStatements(records, "2026-12-01T00:00:00Z");
		await env.DB.batch(statements.map((s) => env.DB.prepare(s.sql).bind(...s.params)));
		expect((await words()) - wordsBefore).toBeGreaterThan(470_000);
		// The refresh after the import counts the new words once; the writer then writes their pairs.
		await refresh();
		const pairs = await writeQueuedPairs(env.DB, { budgetMs: 280_000 });
		expect(pairs.queued).toBe(0);
		expect(pairs.written).toBe(50);
		// Rounds by their text: at most what ROUND_CHARS holds, one source more.
		const perSource = PASSAGES * PASSAGE_CHARS;
		expect(pairs.rounds).toBeGreaterThanOrEqual(Math.ceil((50 * perSource) / (ROUND_CHARS + perSource)));
		const after = await refresh();
		expect(after.statements).toBeLessThanOrEqual(before.statements);
		expect(after.rowsRead, `before: ${before.rowsRead} rows`).toBeLessThanOrEqual(2 * before.rowsRead);
	});
});
