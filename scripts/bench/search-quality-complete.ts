/**
 * Complete judgments beside pooled ones: the queries judged by reading (concept and question) scored
 * again with every public source of the corpus graded by the query's recorded rubric
 * (search-quality-judge.ts), a recorded grade that overrides the rubric kept. A pooled set counts an
 * unread source as 0, so a query whose pool missed its best sources can score 1.000; graded whole,
 * the same top 10 scores what it is worth against everything the collection holds.
 *
 * What it cannot see: the rubric is a reading of the generator's templates (which topic a title or
 * summary was written about, which sentences make the point), so it grades generated sources only,
 * as the pooled reading did.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import { evaluate, type LabelledSet, type QualityReport } from "../../test/quality/metrics";
import { generateCorpus } from "../corpus/generate";
import { gradeByRubric, judgmentsFile, type Rubric } from "./search-quality-judge";

export interface GradedSource {
	source_id: string;
	title: string;
	summary: string;
	passages: string[];
}

interface JudgmentsFile {
	queries: { id: string; rubric: Rubric; grades: Record<string, { grade: number; override?: true }> }[];
}

/** The sample's public sources, as the generator writes them. */
export function* sampleSources(): Generator<GradedSource> {
	for (const record of generateCorpus()) {
		const r = record as unknown as {
			kind: string;
			source_id: string;
			title: string;
			summary: string;
			publication_state: string;
			passages: { ordinal: number; text: string }[];
		};
		if (r.kind !== "source" || r.publication_state !== "published") continue;
		const passages = [...r.passages].sort((a, b) => a.ordinal - b.ordinal).map((p) => p.text);
		yield { source_id: r.source_id, title: r.title, summary: r.summary, passages };
	}
}

/** A bench state's public sources, read from its D1 file (read-only). */
export function* stateSources(persistTo: string): Generator<GradedSource> {
	const dir = join(persistTo, "v3", "d1", "miniflare-D1DatabaseObject");
	const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
	if (file === undefined) throw new Error(`no D1 database under ${dir}`);
	// Loaded when a state is read, not with the module: node:sqlite warns that it is experimental as it
	// loads, and `npm run bench:quality -- --help` should print its usage and nothing else.
	const { DatabaseSync } = createRequire(import.meta.url)("node:sqlite") as typeof import("node:sqlite");
	const db = new DatabaseSync(join(dir, file), { readOnly: true });
	try {
		const rows = db
			.prepare(
				`SELECT s.source_id, s.title, s.summary,
				        (SELECT json_group_array(text) FROM (SELECT text FROM passages p WHERE p.source_id = s.source_id ORDER BY ordinal)) AS passages
				 FROM sources s WHERE s.publication_state = 'published'`,
			)
			.iterate() as Iterable<{ source_id: string; title: string; summary: string; passages: string }>;
		for (const row of rows) yield { ...row, passages: JSON.parse(row.passages) as string[] };
	} finally {
		db.close();
	}
}

/**
 * The report's queries judged by reading, scored on the same top 10s with every public source graded
 * (`sources` names the judgments file: 300 or the large size).
 */
export function completeReport(
	report: QualityReport,
	set: LabelledSet,
	sources: Iterable<GradedSource>,
	size: number,
): QualityReport {
	const judgments = JSON.parse(readFileSync(judgmentsFile(size), "utf8")) as JudgmentsFile;
	const read = set.queries.filter((q) => q.read !== undefined);
	const relevant = new Map(read.map((q) => [q.id, {} as Record<string, number>]));
	const rubrics = read.map((q) => {
		const judged = judgments.queries.find((j) => j.id === q.id);
		if (judged === undefined) throw new Error(`no rubric for ${q.id}`);
		return { id: q.id, judged };
	});
	for (const source of sources)
		for (const { id, judged } of rubrics) {
			const recorded = judged.grades[source.source_id];
			const grade = recorded?.override === true ? recorded.grade : gradeByRubric(judged.rubric, source).grade;
			if (grade > 0) (relevant.get(id) as Record<string, number>)[source.source_id] = grade;
		}
	const tops = new Map(report.queries.map((q) => [q.id, q.top]));
	const complete: LabelledSet = {
		corpus: set.corpus,
		queries: read.map((q) => ({ ...q, relevant: relevant.get(q.id) ?? {} })),
	};
	return evaluate(complete, tops);
}
