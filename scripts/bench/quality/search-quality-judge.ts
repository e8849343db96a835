/**
 * `npm run bench:quality -- judge [--sources 300] [--pool FILE] [--check]`
 *
 * Applies each query's recorded reading (its `rubric` in test/quality/concept-judgments*.json) to a
 * pool written by search-quality-pool.ts (default .tmp/quality-pool-<sources>.json): a source the
 * judgments lack (a new ranking put it in its top 20) is graded by the rubric, added with
 * `by_rubric: true` and printed, to be read and confirmed (drop the mark) or corrected (set the
 * grade, the reason and `override: true`); grades already recorded are never changed. `--check`
 * writes nothing and exits 1 when a recorded grade differs from what the rubric gives without an
 * override, or when pooled sources are still unjudged.
 *
 * The rubric is a reading of the generator's texts, written once per query: which topic a title or
 * summary must be about (read off the title and summary templates: the `{topic}` the generator
 * filled in), the sentences that make the point, and the title framings that count.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { SUMMARY_TEMPLATES, TITLE_TEMPLATES, TOPICS } from "../../corpus/vocabulary";
import { EXIT_FAILED, EXIT_OK, OPTIONAL, readCommandLine, runCommand } from "../../lib/command";
import { REPO_ROOT } from "../../lib/dev-server";

type Grade = 0 | 1 | 2;

export interface Rubric {
	about: string;
	/** Topics a source's title or summary is about that make it grade 2. */
	squarely: string[];
	/** Topics that make it grade 1, or 2 with a key sentence. */
	related: string[];
	key_sentences: string[];
	/** Sentences (besides the key ones) that make a useful point: grade 1. */
	useful_sentences: string[];
	/** Title or summary patterns that frame the source for the concept: grade 1. */
	framing: string[];
	/** Read and graded 0 (documentation only). */
	asides_graded_0: string[];
}

interface PooledSource {
	source_id: string;
	today_rank: number | null;
	phrase_first_rank: number | null;
	also_pool_rank?: number | null;
	title: string;
	summary: string;
	passages: string[];
}

interface Judgment {
	grade: Grade;
	reason: string;
	pooled_by: string[];
	/** Graded by the rubric, not yet read. */
	by_rubric?: true;
	/** Read and graded otherwise than the rubric gives (the reason says why). */
	override?: true;
}

interface JudgmentsFile {
	queries: { id: string; rubric: Rubric; grades: Record<string, Judgment> }[];
}

export const judgmentsFile = (sources: number) =>
	resolve(
		REPO_ROOT,
		"test/quality",
		sources === 300 ? "concept-judgments.json" : "concept-judgments-100k.json",
	);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A template as a pattern whose first `{topic}` (either case) is captured. */
function templatePattern(template: string): RegExp {
	let captured = false;
	const body = template
		.split(/(\{[a-zA-Z]+\})/)
		.map((part) => {
			if (!part.startsWith("{")) return escapeRegExp(part);
			if (part.toLowerCase() === "{topic}" && !captured) {
				captured = true;
				return "(?<topic>.+?)";
			}
			return ".+?";
		})
		.join("");
	return new RegExp(`^${body}$`);
}

const TITLES = TITLE_TEMPLATES.map(templatePattern);
const SUMMARIES = SUMMARY_TEMPLATES.map(templatePattern);
const BY_NAME = new Map<string, string>();
for (const t of TOPICS) {
	BY_NAME.set(t.phrase.toLowerCase(), t.topic_id);
	BY_NAME.set(t.label.toLowerCase(), t.topic_id);
}
const LABEL = new Map(TOPICS.map((t) => [t.topic_id, t.label]));
const TOUCHES = " Also touches on ";

/** The topic the title (else the summary) was written about, and the topic the summary says it touches on. */
function subjectOf(source: Pick<PooledSource, "title" | "summary">): {
	subject: string | undefined;
	touched: string | undefined;
} {
	let subject: string | undefined;
	for (const pattern of TITLES) {
		const topic = pattern.exec(source.title)?.groups?.topic;
		if (topic !== undefined) {
			subject = BY_NAME.get(topic.toLowerCase());
			break;
		}
	}
	const cut = source.summary.indexOf(TOUCHES);
	const main = cut < 0 ? source.summary : source.summary.slice(0, cut);
	const tail = cut < 0 ? "" : source.summary.slice(cut + TOUCHES.length);
	let fromSummary: string | undefined;
	outer: for (const pattern of SUMMARIES) {
		// The summary is a template, then optional tails: try every sentence end, longest first.
		for (let end = main.length; end > 0; end--) {
			if (main[end - 1] !== ".") continue;
			const topic = pattern.exec(main.slice(0, end))?.groups?.topic;
			if (topic === undefined) continue;
			fromSummary = BY_NAME.get(topic.toLowerCase());
			if (fromSummary !== undefined) break outer;
			break;
		}
	}
	const touchedName = tail.split(".")[0]?.trim().toLowerCase() ?? "";
	return { subject: subject ?? fromSummary, touched: tail === "" ? undefined : BY_NAME.get(touchedName) };
}

const short = (text: string) => {
	const chars = Array.from(text);
	return chars.length <= 70 ? text : `${chars.slice(0, 67).join("")}…`;
};

/** The grade the rubric gives a source, with the text that earned it. */
export function gradeByRubric(
	rubric: Rubric,
	source: Pick<PooledSource, "title" | "summary" | "passages">,
): { grade: Grade; reason: string } {
	const { subject, touched } = subjectOf(source);
	const text = source.passages.join(" ").toLowerCase();
	const holds = (sentences: string[]) => sentences.filter((s) => text.includes(s.toLowerCase()));
	const key = holds(rubric.key_sentences);
	const useful = holds([...rubric.key_sentences, ...rubric.useful_sentences]);
	const summaryMain = source.summary.split(TOUCHES)[0] ?? "";
	const framed = rubric.framing.some(
		(f) => new RegExp(f).test(source.title) || new RegExp(f).test(summaryMain),
	);
	const about = (subject !== undefined ? LABEL.get(subject) : undefined) ?? String(subject);
	const is = (list: string[], topic: string | undefined) => topic !== undefined && list.includes(topic);
	if (is(rubric.squarely, subject)) return { grade: 2, reason: `about ${about} (title/summary)` };
	if (is(rubric.related, subject) && key.length > 0)
		return { grade: 2, reason: `about ${about}, and says "${short(key[0] as string)}"` };
	if (is(rubric.related, subject))
		return { grade: 1, reason: `about ${about} (related), without the key point` };
	if (useful.length > 0)
		return { grade: 1, reason: `about ${about}, but says "${short(useful[0] as string)}"` };
	if (is(rubric.squarely, touched) || is(rubric.related, touched))
		return {
			grade: 1,
			reason: `about ${about}; summary says it also touches on ${LABEL.get(touched as string)}`,
		};
	if (framed)
		return { grade: 1, reason: `about ${about}; title/summary frames it for the concept, passages generic` };
	return { grade: 0, reason: `about ${about}; the words only co-occur or appear in an aside` };
}

const USAGE = `usage: npm run bench:quality -- judge [--sources N] [--pool FILE] [--check]

  --sources N   the size whose judgments are applied (default 300; 100000 for concept-judgments-100k.json)
  --pool FILE   the pool search-quality-pool.ts wrote (default .tmp/quality-pool-<sources>.json)
  --check       write nothing; exit 1 when a grade differs from its rubric or a pooled source is unjudged`;

function parse(argv: string[]) {
	return readCommandLine(argv, { sources: 300, pool: OPTIONAL, check: false });
}

function run(values: ReturnType<typeof parse>): number {
	const { sources } = values;
	const poolFile = resolve(values.pool ?? resolve(REPO_ROOT, ".tmp", `quality-pool-${sources}.json`));
	if (!existsSync(poolFile)) throw new Error(`no pool at ${poolFile}: run npm run bench:quality -- pool`);
	const pool = JSON.parse(readFileSync(poolFile, "utf8")) as {
		queries: { id: string; pool: PooledSource[] }[];
	};
	const file = judgmentsFile(sources);
	const judgments = JSON.parse(readFileSync(file, "utf8")) as JudgmentsFile;
	const problems: string[] = [];
	let added = 0;
	for (const q of judgments.queries) {
		const pooled = pool.queries.find((p) => p.id === q.id)?.pool ?? [];
		for (const source of pooled) {
			const { grade, reason } = gradeByRubric(q.rubric, source);
			const recorded = q.grades[source.source_id];
			if (recorded !== undefined) {
				if (recorded.grade !== grade && recorded.override !== true)
					problems.push(
						`${q.id} ${source.source_id}: recorded ${recorded.grade}, rubric ${grade} (${reason})`,
					);
				continue;
			}
			const pooledBy = (
				[
					["today", source.today_rank],
					["phrase_first", source.phrase_first_rank],
					["also_pool", source.also_pool_rank],
				] as const
			)
				.filter(([, rank]) => rank != null)
				.map(([name, rank]) => `${name}#${rank}`);
			if (values.check) problems.push(`${q.id} ${source.source_id}: not judged (${source.title})`);
			else {
				q.grades[source.source_id] = { grade, reason, pooled_by: pooledBy, by_rubric: true };
				console.log(`${q.id} ${source.source_id} ${grade}: ${source.title} — ${reason}`);
				added++;
			}
		}
	}
	if (values.check) {
		for (const p of problems) console.error(p);
		console.log(
			`${file}: ${problems.length === 0 ? "every pooled source judged, as its rubric gives" : `${problems.length} problems`}`,
		);
		return problems.length > 0 ? EXIT_FAILED : EXIT_OK;
	}
	for (const p of problems) console.error(p);
	writeFileSync(file, `${JSON.stringify(judgments, null, "\t")}\n`);
	console.log(
		`${added} sources graded by rubric and added to ${file}: read them, then run npm run bench:quality -- labels`,
	);
	return EXIT_OK;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}
