/**
 * Complete judgments beside pooled ones: the queries judged by reading (concept and question) scored
 * again with every public source of the corpus graded by the query's recorded rubric
 * (search-quality-judge.ts), a recorded grade that overrides the rubric kept. A pooled set counts an
 * unread source as 0, so a query whose pool missed its best sources can score 1.000; graded whole,
 * the same top 10 scores what it is worth against everything the collection holds. Between the two,
 * the pooled judgments with a pool arm drawn from the rubric (its grade-2 sources, to a stated depth):
 * what the pooled figures would be had the pool read them too.
 *
 * What it cannot see: the rubric is a reading of the generator's templates (which topic a title or
 * summary was written about, which sentences make the point), so it grades generated sources only,
 * as the pooled reading did.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import {
	evaluate,
	type LabelledQuery,
	type LabelledSet,
	type QualityReport,
} from "../../../test/quality/metrics";
import { generateCorpus } from "../../corpus/generate";
import { gradeByRubric, judgmentsFile, type Rubric } from "./search-quality-judge";

interface GradedSource {
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
 * How many of a query's grade-2 sources the rubric's pool arm adds: as deep as each ranking's arm of
 * the pool read (search-quality-pool.ts, the top 20), and more than a top 10 holds, so a query with
 * at least 10 grade-2 sources is scored against an ideal top 10 of them.
 */
export const RUBRIC_ARM_DEPTH = 20;

/** The read queries scored both ways the rubric allows (rubricReports). */
interface RubricReports {
	/** Every public source graded by the rubric (a recorded override kept). */
	complete: QualityReport;
	/** The pooled judgments with the rubric's arm merged in. */
	withRubricArm: QualityReport;
}

/**
 * The report's queries judged by reading, scored again on the same top 10s (`size` names the
 * judgments file: 300 or the large size):
 * - complete: every public source graded by the query's rubric;
 * - with the rubric's pool arm: the pooled judgments, plus the first RUBRIC_ARM_DEPTH of the
 *   sources the rubric grades 2, in source id order (ids are drawn at random by the generator, so
 *   the arm is a sample no ranking chose), each one the pool did not read added as grade 2. No
 *   query is then scored against a pool without its grade-2 sources, while a top-10 source that
 *   neither the pool nor the arm holds still counts 0.
 */
export function rubricReports(
	report: QualityReport,
	set: LabelledSet,
	sources: Iterable<GradedSource>,
	size: number,
): RubricReports {
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
	const graded = (q: LabelledQuery) => relevant.get(q.id) ?? {};
	const withArm = (q: LabelledQuery, pooled: Record<string, unknown>) => {
		const all = graded(q);
		const arm = Object.keys(all)
			.filter((id) => all[id] === 2)
			.sort()
			.slice(0, RUBRIC_ARM_DEPTH)
			.filter((id) => !(id in pooled));
		return { ...q.relevant, ...Object.fromEntries(arm.map((id) => [id, 2])) };
	};
	return {
		complete: evaluate(
			{ corpus: set.corpus, queries: read.map((q) => ({ ...q, relevant: graded(q) })) },
			tops,
		),
		withRubricArm: evaluate(
			{
				corpus: set.corpus,
				queries: read.map((q) => ({
					...q,
					relevant: withArm(q, judgments.queries.find((j) => j.id === q.id)?.grades ?? {}),
				})),
			},
			tops,
		),
	};
}
