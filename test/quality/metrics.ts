/**
 * Relevance metrics for the labelled query set (queries.json): graded nDCG@10 and recall@10 per query,
 * averaged over all queries and per category, and the report `npm run bench:quality` prints. Pure
 * TypeScript, shared by the Workers test (test/workers/search/quality.test.ts) and the Node script
 * (scripts/bench/quality/search-quality.ts), so the numbers are computed one way only.
 */

export const K = 10;

declare module "vitest" {
	interface TaskMeta {
		/** Left by test/workers/search/quality.test.ts for scripts/bench/quality/search-quality.ts to print. */
		searchQuality?: QualityReport;
	}
}

export type QualityCategory =
	| "common"
	| "phrase"
	| "word-form"
	| "acronym"
	| "filtered"
	| "rare"
	| "question"
	| "concept";
const CATEGORIES: readonly QualityCategory[] = [
	"common",
	"phrase",
	"word-form",
	"acronym",
	"filtered",
	"rare",
	"question",
	"concept",
];

export interface QualityFilters {
	creator_handle?: string;
	topic_id?: string;
	platform?: string;
}

export interface LabelledQuery {
	id: string;
	category: QualityCategory;
	query: string;
	filters?: QualityFilters;
	/** Queries that mean the same thing (word forms, acronym and spelled-out form). */
	group?: string;
	judged_by: string;
	/**
	 * Present when the grades come from reading a pool of candidates (concept-judgments*.json), absent
	 * when they come from the generator's rules: how many sources were read (the rest count as 0).
	 */
	read?: { pooled: number };
	/** source_id -> grade: 2 squarely about the query, 1 relevant. Unlisted sources are 0. */
	relevant: Record<string, number>;
}

export interface LabelledSet {
	corpus: { sources: number; seed: number; public_sources: number };
	queries: LabelledQuery[];
}

/** The lowest means the CI test accepts (floor.json), over the queries judged from the generator. */
export interface QualityFloor {
	ndcg_at_10: number;
	recall_at_10: number;
	recorded: string;
}

interface QueryScore {
	id: string;
	category: QualityCategory;
	query: string;
	filters?: QualityFilters;
	group?: string;
	/** Judged by reading a pool (else from the generator's rules). */
	read: boolean;
	/** The search's top K source ids, best first. */
	top: string[];
	ndcg: number;
	recall: number;
	relevant: number;
}

interface Means {
	queries: number;
	ndcg: number;
	recall: number;
}

export interface QualityReport {
	k: number;
	/** Public sources of the corpus searched (absent in reports written before it was recorded). */
	sources?: number;
	overall: Means;
	/** The queries judged from the generator's rules, and those judged by reading, when both are present. */
	generated?: Means;
	byReading?: Means;
	categories: (Means & { category: QualityCategory })[];
	queries: QueryScore[];
}

const gain = (grade: number) => 2 ** grade - 1;
const discount = (rank: number) => Math.log2(rank + 1);

/**
 * nDCG@k with exponential gain (2^grade - 1): the ranking's discounted gain over the best possible
 * ordering of the judged sources. 1 when the top k is the ideal one, 0 when it holds nothing relevant.
 */
export function ndcgAt(top: readonly string[], relevant: Record<string, number>, k = K): number {
	let dcg = 0;
	top.slice(0, k).forEach((id, i) => {
		dcg += gain(relevant[id] ?? 0) / discount(i + 1);
	});
	const ideal = Object.values(relevant)
		.sort((a, b) => b - a)
		.slice(0, k)
		.reduce((sum, grade, i) => sum + gain(grade) / discount(i + 1), 0);
	return ideal === 0 ? 0 : dcg / ideal;
}

/**
 * recall@k, capped: relevant sources (grade >= 1) in the top k over min(k, relevant sources), so a
 * query with more relevant sources than fit in k can still reach 1 (the "capped recall" of BEIR).
 */
export function recallAt(top: readonly string[], relevant: Record<string, number>, k = K): number {
	const wanted = Object.values(relevant).filter((g) => g > 0).length;
	if (wanted === 0) return 0;
	const found = top.slice(0, k).filter((id) => (relevant[id] ?? 0) > 0).length;
	return found / Math.min(k, wanted);
}

function means(scores: readonly QueryScore[]): Means {
	const n = scores.length;
	const sum = (f: (s: QueryScore) => number) => scores.reduce((a, s) => a + f(s), 0);
	return {
		queries: n,
		ndcg: n === 0 ? 0 : sum((s) => s.ndcg) / n,
		recall: n === 0 ? 0 : sum((s) => s.recall) / n,
	};
}

/** Scores every query from its top results (source ids, best first); `tops` is keyed by query id. */
export function evaluate(set: LabelledSet, tops: ReadonlyMap<string, readonly string[]>): QualityReport {
	const queries = set.queries.map((q): QueryScore => {
		const top = tops.get(q.id);
		if (top === undefined) throw new Error(`no results for query ${q.id}`);
		return {
			id: q.id,
			category: q.category,
			query: q.query,
			...(q.filters ? { filters: q.filters } : {}),
			...(q.group ? { group: q.group } : {}),
			read: q.read !== undefined,
			top: top.slice(0, K),
			ndcg: ndcgAt(top, q.relevant),
			recall: recallAt(top, q.relevant),
			relevant: Object.values(q.relevant).filter((g) => g > 0).length,
		};
	});
	const read = queries.filter((q) => q.read);
	const both = read.length > 0 && read.length < queries.length;
	return {
		k: K,
		sources: set.corpus.sources,
		overall: means(queries),
		...(both ? { generated: means(queries.filter((q) => !q.read)), byReading: means(read) } : {}),
		categories: CATEGORIES.map((category) => ({
			category,
			...means(queries.filter((q) => q.category === category)),
		})).filter((c) => c.queries > 0),
		queries,
	};
}

/** A run of `npm run bench:quality`: the sample's report, and the one at 100,000 sources unless skipped. */
export interface QualityRun {
	sample: QualityReport;
	large?: QualityReport;
	/** At the large size: for each concept of two or more words, how many of its top 10 show the words adjacent. */
	adjacency?: AdjacencyCheck[];
	/**
	 * The queries judged by reading, scored on the same top 10s with every public source graded by the
	 * query's recorded rubric (scripts/bench/quality/search-quality-complete.ts), at each size measured.
	 */
	complete?: {
		sample: QualityReport;
		large?: QualityReport;
		/**
		 * The same queries on their pooled judgments with a pool arm drawn from the rubric merged in: its
		 * first `depth` grade-2 sources (search-quality-complete.ts, rubricReports).
		 */
		withRubricArm?: { depth: number; sample: QualityReport; large?: QualityReport };
	};
}

export interface AdjacencyCheck {
	query: string;
	/** Public sources holding the words adjacent (test/quality/concept-queries.json). */
	holding: number;
	/** Of the top 10, those whose title or excerpt holds them adjacent. */
	shown: number;
	results: number;
}

const fixed = (n: number) => n.toFixed(3);

function filterText(f: QualityFilters | undefined): string {
	if (f === undefined) return "";
	return Object.entries(f)
		.map(([key, value]) => `${key}=${value}`)
		.join(", ");
}

/** The report as Markdown tables (what BENCHMARKS.md quotes). */
export function formatReport(report: QualityReport, options: { perQuery?: boolean } = {}): string {
	const lines = [
		`| scope | queries | nDCG@${report.k} | recall@${report.k} |`,
		"| --- | --: | --: | --: |",
		`| **all** | ${report.overall.queries} | **${fixed(report.overall.ndcg)}** | **${fixed(report.overall.recall)}** |`,
		...(report.generated && report.byReading
			? [
					`| judged from the generator | ${report.generated.queries} | ${fixed(report.generated.ndcg)} | ${fixed(report.generated.recall)} |`,
					`| judged by reading | ${report.byReading.queries} | ${fixed(report.byReading.ndcg)} | ${fixed(report.byReading.recall)} |`,
				]
			: []),
		...report.categories.map(
			(c) => `| ${c.category} | ${c.queries} | ${fixed(c.ndcg)} | ${fixed(c.recall)} |`,
		),
	];
	if (options.perQuery !== false) {
		lines.push(
			"",
			`| query | category | filters | relevant | nDCG@${report.k} | recall@${report.k} |`,
			"| --- | --- | --- | --: | --: | --: |",
			...report.queries.map(
				(q) =>
					`| ${q.query.replaceAll("|", "\\|")} | ${q.category} | ${filterText(q.filters)} | ${q.relevant} | ${fixed(q.ndcg)} | ${fixed(q.recall)} |`,
			),
		);
	}
	return lines.join("\n");
}

/**
 * Queries that mean the same (a group: word forms, acronym and spelled-out form): how many sources
 * their top 10s share. A search that understands both forms returns the same or overlapping sources.
 */
export function formatGroups(report: QualityReport): string {
	const groups = new Map<string, QueryScore[]>();
	for (const q of report.queries)
		if (q.group !== undefined) groups.set(q.group, [...(groups.get(q.group) ?? []), q]);
	const lines = [
		`| queries (same judgments) | nDCG@${report.k} each | results each | shared in the top ${report.k} |`,
		"| --- | --- | --- | --: |",
	];
	for (const members of groups.values()) {
		const [first, ...rest] = members.map((q) => new Set(q.top));
		const shared = [...(first ?? [])].filter((id) => rest.every((top) => top.has(id))).length;
		lines.push(
			`| ${members.map((q) => `"${q.query}"`).join(" / ")} | ${members.map((q) => fixed(q.ndcg)).join(" / ")} | ${members.map((q) => q.top.length).join(" / ")} | ${shared} |`,
		);
	}
	return lines.join("\n");
}

/** The means the floor holds: over the queries judged from the generator (the set it was recorded on). */
export const flooredMeans = (report: QualityReport): Means => report.generated ?? report.overall;

/** Why a report falls below the floor (empty when it does not). */
export function belowFloor(report: QualityReport, floor: QualityFloor): string[] {
	// Rounding slack only: the search is deterministic, so any real drop is far larger.
	const slack = 1e-9;
	const m = flooredMeans(report);
	const out: string[] = [];
	if (m.ndcg < floor.ndcg_at_10 - slack)
		out.push(`mean nDCG@${report.k} ${m.ndcg.toFixed(4)} (${m.queries} queries) < floor ${floor.ndcg_at_10}`);
	if (m.recall < floor.recall_at_10 - slack)
		out.push(
			`mean recall@${report.k} ${m.recall.toFixed(4)} (${m.queries} queries) < floor ${floor.recall_at_10}`,
		);
	return out;
}

const delta = (now: number, before: number) => {
	const d = now - before;
	return Math.abs(d) < 0.0005 ? "=" : `${d > 0 ? "+" : ""}${d.toFixed(3)}`;
};

/** Now against an earlier report (e.g. before.json): the means, then every query whose score moved. */
export function formatComparison(now: QualityReport, before: QualityReport): string {
	const was = new Map(before.categories.map((c) => [c.category, c]));
	const row = (scope: string, n: Means, b: Means | undefined) =>
		b === undefined
			? `| ${scope} | ${n.queries} | | ${fixed(n.ndcg)} | | | ${fixed(n.recall)} | |`
			: `| ${scope} | ${n.queries} | ${fixed(b.ndcg)} | ${fixed(n.ndcg)} | ${delta(n.ndcg, b.ndcg)} | ${fixed(b.recall)} | ${fixed(n.recall)} | ${delta(n.recall, b.recall)} |`;
	const lines = [
		`| scope | queries | nDCG@${now.k} before | now | change | recall@${now.k} before | now | change |`,
		"| --- | --: | --: | --: | --: | --: | --: | --: |",
		row("**all**", now.overall, before.overall),
		...(now.generated ? [row("judged from the generator", now.generated, before.generated)] : []),
		...(now.byReading ? [row("judged by reading", now.byReading, before.byReading)] : []),
		...now.categories.map((c) => row(c.category, c, was.get(c.category))),
	];
	const old = new Map(before.queries.map((q) => [q.id, q]));
	const moved = now.queries.filter((q) => {
		const b = old.get(q.id);
		return b === undefined || delta(q.ndcg, b.ndcg) !== "=" || delta(q.recall, b.recall) !== "=";
	});
	if (moved.length > 0) {
		lines.push(
			"",
			`| query | category | filters | nDCG@${now.k} before | now | recall@${now.k} before | now |`,
			"| --- | --- | --- | --: | --: | --: | --: |",
			...moved.map((q) => {
				const b = old.get(q.id);
				const was = (n: number | undefined) => (n === undefined ? "new" : fixed(n));
				return `| ${q.query.replaceAll("|", "\\|")} | ${q.category} | ${filterText(q.filters)} | ${was(b?.ndcg)} | ${fixed(q.ndcg)} | ${was(b?.recall)} | ${fixed(q.recall)} |`;
			}),
		);
	} else lines.push("", "No query's score moved.");
	return lines.join("\n");
}

/**
 * Both sizes side by side (what BENCHMARKS.md quotes): every query, those judged from the generator
 * and those judged by reading, then each category (split by how it was judged when it holds both).
 */
export function formatSizes({ sample, large }: QualityRun): string {
	const reports = large === undefined ? [sample] : [sample, large];
	const scope = (name: string, keep: (q: QueryScore) => boolean) => ({
		name,
		cells: reports.map((r) => means(r.queries.filter(keep))),
	});
	const scopes = [
		scope("all", () => true),
		scope("judged from the generator", (q) => !q.read),
		scope("judged by reading", (q) => q.read),
	];
	for (const c of CATEGORIES) {
		const of = sample.queries.concat(large?.queries ?? []).filter((q) => q.category === c);
		if (of.length === 0) continue;
		if (of.some((q) => q.read) && of.some((q) => !q.read)) {
			scopes.push(scope(`${c}, judged from the generator`, (q) => q.category === c && !q.read));
			scopes.push(scope(`${c}, judged by reading`, (q) => q.category === c && q.read));
		} else scopes.push(scope(c, (q) => q.category === c));
	}
	const cell = (m: Means) =>
		m.queries === 0 ? "– | – | –" : `${m.queries} | ${fixed(m.ndcg)} | ${fixed(m.recall)}`;
	const size = (r: QualityReport) => `${(r.sources ?? 0).toLocaleString("en")} sources`;
	return [
		`| queries | ${reports.map((r) => `${size(r)}: queries | nDCG@${r.k} | recall@${r.k}`).join(" | ")} |`,
		`| --- | ${reports.map(() => "---: | ---: | ---:").join(" | ")} |`,
		...scopes.map((s) => `| ${s.name} | ${s.cells.map(cell).join(" | ")} |`),
	].join("\n");
}

/**
 * The queries judged by reading, per size and category, three ways: pooled (unread sources count
 * 0), pooled with the rubric's arm merged in, and complete (every public source graded by the
 * query's rubric); what each can and cannot see is in BENCHMARKS.md ("What the labels are").
 */
export function formatComplete({ sample, large, complete }: QualityRun): string {
	if (complete === undefined) return "";
	const arm = complete.withRubricArm;
	const sizes: [QualityReport, QualityReport | undefined, QualityReport][] = [
		[sample, arm?.sample, complete.sample],
	];
	if (large !== undefined && complete.large !== undefined) sizes.push([large, arm?.large, complete.large]);
	const scoped = (r: QualityReport | undefined, category?: QualityCategory) =>
		r === undefined
			? undefined
			: means(r.queries.filter((q) => q.read && (category === undefined || q.category === category)));
	const shown = (m: Means | undefined, of: "ndcg" | "recall") => (m === undefined ? "–" : fixed(m[of]));
	const rows = sizes.flatMap(([pooled, withArm, whole]) =>
		([undefined, "concept", "question"] as const).map((category) => {
			const [p, a, c] = [scoped(pooled, category), scoped(withArm, category), scoped(whole, category)];
			return `| ${category ?? "judged by reading"} | ${(whole.sources ?? 0).toLocaleString("en")} | ${c?.queries} | ${shown(p, "ndcg")} | ${shown(a, "ndcg")} | ${shown(c, "ndcg")} | ${shown(p, "recall")} | ${shown(a, "recall")} | ${shown(c, "recall")} |`;
		}),
	);
	const depth = arm === undefined ? "" : ` (${arm.depth})`;
	return [
		`The queries judged by reading: pooled (an unread source counts 0), pooled with a pool arm drawn from the rubric (its first ${arm?.depth ?? "–"} grade-2 sources by source id, merged into the pool) and complete (every public source graded by the query's recorded rubric):`,
		"",
		`| queries | sources | queries | nDCG@${sample.k} pooled | + rubric arm${depth} | complete | recall@${sample.k} pooled | + rubric arm${depth} | complete |`,
		"| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
		...rows,
	].join("\n");
}

/** BENCHMARKS.md's quality block, whichever command writes it: both sizes, the concepts' adjacency, the read queries three ways. */
export function qualityBlock(run: QualityRun): string {
	return [
		formatSizes(run),
		run.adjacency === undefined ? "" : formatAdjacency(run.adjacency),
		formatComplete(run),
	]
		.filter((block) => block !== "")
		.join("\n\n");
}

/** A run's means (no per-query rows), as benchmarks.json keeps them. */
export function qualitySummary({ sample, large, complete }: QualityRun) {
	const summary = (r: QualityReport) => ({
		k: r.k,
		sources: r.sources,
		overall: r.overall,
		generated: r.generated,
		by_reading: r.byReading,
		categories: r.categories,
	});
	return {
		sample: summary(sample),
		...(large ? { large: summary(large) } : {}),
		...(complete
			? {
					complete: {
						sample: summary(complete.sample),
						...(complete.large ? { large: summary(complete.large) } : {}),
					},
				}
			: {}),
		...(complete?.withRubricArm
			? {
					pooled_with_rubric_arm: {
						depth: complete.withRubricArm.depth,
						sample: summary(complete.withRubricArm.sample),
						...(complete.withRubricArm.large ? { large: summary(complete.withRubricArm.large) } : {}),
					},
				}
			: {}),
	};
}

/** The concepts that at least 10 public sources hold adjacent, and whether 8 of their top 10 show it. */
export function formatAdjacency(checks: readonly AdjacencyCheck[]): string {
	const rows = checks
		.filter((c) => c.holding >= 10)
		.map(
			(c) =>
				`| ${c.query} | ${c.holding.toLocaleString("en")} | ${c.shown} of ${c.results} | ${c.shown >= 8 ? "yes" : "**no**"} |`,
		);
	return [
		"| concept | public sources holding it adjacent | top 10 showing it adjacent | ≥ 8 |",
		"| --- | ---: | ---: | --- |",
		...rows,
	].join("\n");
}
