/**
 * Checks that a generated corpus keeps every promise FIXTURES makes (public counts per fixture topic,
 * the hidden creator, the many- and long-passage sources, the tricky and rare vocabulary) and that it
 * validates. Run it after changing generate.ts or vocabulary.ts:
 *
 *   tsx scripts/corpus/check-fixtures.ts [--sources N ...] [--seed S ...]
 *
 * Default: sizes 36 (planted only), 300 and 2000 with seeds 2026 and 1. Exit 1 on any mismatch.
 */
import { parseArgs } from "node:util";
import { SIGNAL_THRESHOLDS } from "../../src/data/signal-gates";
import { FIXTURES, generateCorpusLines } from "./generate";
import { publicCounts } from "./public-counts";
import { formatCorpusError, validateCorpusLines } from "./validate";

function check(sources: number, seed: string): string[] {
	const problems: string[] = [];
	const expect = (ok: boolean, what: string) => {
		if (!ok) problems.push(what);
	};
	const lines = [...generateCorpusLines({ sources, seed })];
	const { records, errors } = validateCorpusLines(lines);
	for (const error of errors.slice(0, 10)) problems.push(`invalid: ${formatCorpusError(error)}`);
	const counts = publicCounts(records);

	for (const fixture of Object.values(FIXTURES.topics)) {
		const got = counts.topics.get(fixture.topic_id) ?? { sources: 0, creators: 0, applied_insights: 0 };
		expect(
			JSON.stringify(got) === JSON.stringify(fixture.expected),
			`${fixture.topic_id}: expected ${JSON.stringify(fixture.expected)}, got ${JSON.stringify(got)}`,
		);
		const failed = (Object.keys(SIGNAL_THRESHOLDS) as (keyof typeof SIGNAL_THRESHOLDS)[]).filter(
			(gate) => got[gate] < SIGNAL_THRESHOLDS[gate],
		);
		expect(
			JSON.stringify(failed) === JSON.stringify(fixture.failedGates),
			`${fixture.topic_id}: failed gates ${failed.join(",")} != ${fixture.failedGates.join(",")}`,
		);
		expect((failed.length === 0) === fixture.strong, `${fixture.topic_id}: strong flag`);
	}
	const fixtureSourceIds = new Set(
		Object.values(FIXTURES.topics).flatMap((f) => [...f.publicSourceIds, ...f.hiddenSourceIds]),
	);
	for (const record of records) {
		if (record.kind !== "source") continue;
		const onFixtureTopic = record.topic_ids.some((t) =>
			(FIXTURES.fixtureTopicIds as readonly string[]).includes(t),
		);
		expect(
			!onFixtureTopic || fixtureSourceIds.has(record.source_id),
			`${record.source_id} uses a fixture topic`,
		);
	}
	const aio = counts.topics.get(FIXTURES.aiOverviews.topic_id);
	expect(
		aio !== undefined &&
			aio.sources >= FIXTURES.aiOverviews.atLeast.sources &&
			aio.creators >= FIXTURES.aiOverviews.atLeast.creators &&
			aio.applied_insights >= FIXTURES.aiOverviews.atLeast.applied_insights,
		`ai-overviews below its minimums: ${JSON.stringify(aio)}`,
	);
	expect(
		counts.creatorSources.get(FIXTURES.hiddenCreator.creator_id) === 0,
		"hidden creator has public sources",
	);
	const hidden = records.find(
		(r) => r.kind === "creator" && r.creator_id === FIXTURES.hiddenCreator.creator_id,
	);
	expect(
		hidden?.kind === "creator" && hidden.handle === FIXTURES.hiddenCreator.handle,
		"hidden creator handle",
	);

	const many = records.find(
		(r) => r.kind === "source" && r.source_id === FIXTURES.manyPassagesSource.source_id,
	);
	expect(
		many?.kind === "source" && many.passages.length === FIXTURES.manyPassagesSource.passages,
		"many-passages source",
	);
	const manyCards = records.filter(
		(r) => r.kind === "card" && r.source_id === FIXTURES.manyPassagesSource.source_id,
	);
	expect(
		manyCards.filter((c) => c.kind === "card" && c.review_state === "applied").length ===
			FIXTURES.manyPassagesSource.appliedCardIds.length,
		"many-passages applied cards",
	);
	const long = records.find(
		(r) => r.kind === "source" && r.source_id === FIXTURES.longPassagesSource.source_id,
	);
	expect(
		long?.kind === "source" &&
			long.passages.length === FIXTURES.longPassagesSource.passages &&
			long.passages.every(
				(p) =>
					p.text.length >= FIXTURES.longPassagesSource.minPassageChars &&
					p.text.length <= FIXTURES.longPassagesSource.maxPassageChars,
			),
		`long-passages source: ${long?.kind === "source" ? long.passages.map((p) => p.text.length).join(",") : "missing"}`,
	);
	const manyText = many?.kind === "source" ? many.passages.map((p) => p.text).join("\n") : "";
	for (const term of FIXTURES.vocabulary.tricky)
		expect(manyText.includes(term), `tricky "${term}" not in src_fixmany`);
	const longText = long?.kind === "source" ? long.passages.map((p) => p.text.toLowerCase()).join("\n") : "";
	for (const term of FIXTURES.vocabulary.rare)
		expect(longText.includes(term), `rare "${term}" not in src_fixlong`);
	for (const handle of [...FIXTURES.unicodeHandles, FIXTURES.mixedCaseHandle.handle]) {
		expect(
			records.some((r) => r.kind === "creator" && r.handle === handle),
			`creator ${handle} missing`,
		);
	}
	return problems;
}

const { values } = parseArgs({
	options: { sources: { type: "string", multiple: true }, seed: { type: "string", multiple: true } },
});
const sizes = (values.sources ?? ["36", "300", "2000"]).map(Number);
const seeds = values.seed ?? ["2026", "1"];
let failures = 0;
for (const size of sizes) {
	for (const seed of seeds) {
		const problems = check(size, seed);
		failures += problems.length;
		process.stdout.write(`--sources ${size} --seed ${seed}: ${problems.length === 0 ? "ok" : "FAILED"}\n`);
		for (const problem of problems) process.stdout.write(`  ${problem}\n`);
	}
}
process.exitCode = failures === 0 ? 0 : 1;
