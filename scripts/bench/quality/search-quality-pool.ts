/**
 * `npm run bench:quality -- pool [--sources 300] [--depth 20] [--out FILE]`
 *
 * The candidates a reader judges for the concept and question queries (test/quality/concept-queries.json):
 * for each query the top `depth` of two rankings over the bench state of `--sources` sources
 * (state.ts; 300 is the Workers tests' sample corpus), pooled:
 * - today: search_sources as the Worker answers it (wrangler's local dev server, real D1);
 * - phrase-first: direct SQL over a freshly built index (search-reference.ts): the sources whose row
 *   holds the query's phrase adjacent, or all its words in the title or topic labels, ranked by
 *   BM25, then the other sources holding every word, by BM25. A question names its phrase and the
 *   words it requires (`phrase_first`); when those give fewer than `depth`, the phrase's words alone
 *   fill the rest.
 * A query may name another way to say it (`also_pool`): that query's top 10 from search_sources is
 * pooled too, so sources that name the concept otherwise are judged as well.
 * Writes every pooled source with its title, summary, topic labels, passages and both ranks (default
 * .tmp/quality-pool-<sources>.json), for the judgments in test/quality/concept-judgments*.json; once
 * judged at this size, it also prints how each pooled ranking scores on those judgments.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { evaluate, formatReport, type LabelledSet } from "../../../test/quality/metrics";
import { REFERENCE_INDEX, referenceIndexStatements } from "../../../test/support/search-reference";
import { EXIT_OK, OPTIONAL, readCommandLine, runCommand } from "../../lib/command";
import { REPO_ROOT } from "../../lib/dev-server";
import { probe, progress, startWorker } from "../lib/harness";
import { toolCall } from "../lib/requests";
import { SqlTimer } from "../lib/sql-timer";
import { ensureBenchState } from "../lib/state";
import { LARGE_QUERIES_FILE, QUERIES_FILE } from "./search-quality-labels";

const CONCEPT_QUERIES_FILE = resolve(REPO_ROOT, "test/quality/concept-queries.json");

interface ConceptQuery {
	id: string;
	category: "concept" | "question";
	query: string;
	/** For a question: the phrase ranked first and the words required (a concept: its own words). */
	phrase_first?: { phrase: string; required: string[] };
	/** Another way to say it, whose top 10 is pooled too (the concept's own words can miss those sources). */
	also_pool?: string;
}

const conceptQueries = (): ConceptQuery[] =>
	(JSON.parse(readFileSync(CONCEPT_QUERIES_FILE, "utf8")) as { queries: ConceptQuery[] }).queries;

/** search_sources' top `limit` source ids, as the Worker at `origin` answers. */
export async function serverTop(
	origin: string,
	query: string,
	limit: number,
	filters: Record<string, string> = {},
): Promise<string[]> {
	const answer = await probe(origin, toolCall("search", "search_sources", { query, ...filters, limit }));
	const body = JSON.parse(answer.body) as {
		result: { structuredContent: { results: { source_id: string }[] } };
	};
	return body.result.structuredContent.results.map((r) => r.source_id);
}

const ALSO_POOL_DEPTH = 10;

const fts = (word: string) => `"${word.replaceAll('"', "")}"`;

/** The phrase-first ranking's statement: ?1 phrase-or-title/topics match, ?2 required words, ?3 limit. */
const PHRASE_FIRST_SQL = `
SELECT s.source_id, h.rank AS score,
       h.rowid IN (SELECT rowid FROM ${REFERENCE_INDEX} WHERE ${REFERENCE_INDEX} MATCH ?1) AS phrase
FROM ${REFERENCE_INDEX} h
JOIN search_documents d ON d.doc_id = h.rowid JOIN sources s ON s.source_id = d.source_id
WHERE ${REFERENCE_INDEX} MATCH ?2 AND s.publication_state = 'published'
ORDER BY phrase DESC, score, s.source_id LIMIT ?3`;

async function phraseFirstTop(timer: SqlTimer, q: ConceptQuery, limit: number) {
	const spec = q.phrase_first ?? { phrase: q.query, required: q.query.split(/\s+/) };
	const words = spec.phrase.split(/\s+/);
	const phraseMatch = `${fts(spec.phrase)} OR {title topics} : (${words.map(fts).join(" AND ")})`;
	const ranked = async (required: string[]) =>
		(await timer.time(PHRASE_FIRST_SQL, [phraseMatch, required.map(fts).join(" AND "), limit], 1)).rows as {
			source_id: string;
			phrase: number;
		}[];
	const first = await ranked(spec.required);
	const seen = new Set(first.map((r) => r.source_id));
	const fill = first.length < limit ? (await ranked(words)).filter((r) => !seen.has(r.source_id)) : [];
	return [...first, ...fill].slice(0, limit);
}

const DOCUMENT_SQL = `
SELECT t.source_id, t.title, t.summary, t.topics, s.publication_state,
       (SELECT json_group_array(p.text) FROM (SELECT text FROM passages WHERE source_id = t.source_id ORDER BY ordinal) p) AS passages
FROM search_document_text t JOIN sources s ON s.source_id = t.source_id WHERE t.source_id IN (SELECT value FROM json_each(?1))`;

/** Each pooled ranking's scores on the judgments made at this size, when there are any. */
function scoreRankings(
	sources: number,
	pools: { id: string; today: string[]; phrase_first: { source_id: string }[] }[],
): void {
	for (const file of [QUERIES_FILE, LARGE_QUERIES_FILE]) {
		const set = JSON.parse(readFileSync(file, "utf8")) as LabelledSet;
		if (set.corpus.sources !== sources) continue;
		const judged = { ...set, queries: set.queries.filter((q) => pools.some((p) => p.id === q.id)) };
		if (judged.queries.length === 0) continue;
		for (const [name, top] of [
			["today's search_sources", (p: (typeof pools)[number]) => p.today],
			["phrase-first", (p: (typeof pools)[number]) => p.phrase_first.map((r) => r.source_id)],
		] as const) {
			const report = evaluate(judged, new Map(pools.map((p) => [p.id, top(p)])));
			console.log(`\n${name} on the judgments of ${file}:\n`);
			console.log(formatReport(report, { perQuery: false }));
		}
	}
}

const USAGE = `usage: npm run bench:quality -- pool [--sources N] [--depth N] [--out FILE]

  --sources N   the bench state's size (default 300, the Workers tests' sample corpus)
  --depth N     how deep each ranking is pooled (default 20)
  --out FILE    where the pool is written (default .tmp/quality-pool-<sources>.json)`;

function parse(argv: string[]) {
	return readCommandLine(argv, { sources: 300, depth: 20, out: OPTIONAL });
}

async function run({ sources, depth, ...values }: ReturnType<typeof parse>): Promise<number> {
	process.env.WRANGLER_SEND_METRICS = "false";
	const out = resolve(values.out ?? resolve(REPO_ROOT, ".tmp", `quality-pool-${sources}.json`));
	const state = await ensureBenchState(sources);
	const queries = conceptQueries();
	const today = new Map<string, string[]>();
	const alias = new Map<string, string[]>();
	progress(`today's ranking: search_sources over ${state.persistTo}`);
	const worker = await startWorker("ours", state.persistTo);
	try {
		for (const q of queries) {
			today.set(q.id, await serverTop(worker.server.origin, q.query, depth));
			if (q.also_pool !== undefined)
				alias.set(q.id, await serverTop(worker.server.origin, q.also_pool, ALSO_POOL_DEPTH));
		}
	} finally {
		await worker.server.stop();
	}
	progress("phrase-first ranking over a freshly built index");
	const timer = new SqlTimer(state.persistTo);
	try {
		for (const sql of referenceIndexStatements()) await timer.time(sql, [], 1);
		const pools = [];
		for (const q of queries) {
			const phraseFirst = await phraseFirstTop(timer, q, depth);
			const a = today.get(q.id) ?? [];
			const also = alias.get(q.id) ?? [];
			const ids = [...new Set([...a, ...phraseFirst.map((r) => r.source_id), ...also])];
			const docs = (await timer.time(DOCUMENT_SQL, [JSON.stringify(ids)], 1)).rows as Record<
				string,
				string
			>[];
			const byId = new Map(docs.map((d) => [d.source_id, d]));
			pools.push({
				...q,
				today: a,
				phrase_first: phraseFirst.map((r) => ({ source_id: r.source_id, phrase: r.phrase === 1 })),
				also_pool: also,
				pool: ids.map((id) => {
					const d = byId.get(id) as Record<string, string>;
					return {
						source_id: id,
						today_rank: a.indexOf(id) + 1 || null,
						phrase_first_rank: phraseFirst.findIndex((r) => r.source_id === id) + 1 || null,
						also_pool_rank: also.indexOf(id) + 1 || null,
						title: d.title,
						summary: d.summary,
						topics: d.topics,
						passages: JSON.parse(d.passages as string) as string[],
					};
				}),
			});
		}
		await timer.time(`DROP TABLE IF EXISTS ${REFERENCE_INDEX}`, [], 1);
		mkdirSync(dirname(out), { recursive: true });
		writeFileSync(out, `${JSON.stringify({ sources, depth, queries: pools }, null, "\t")}\n`);
		progress(`${pools.reduce((n, p) => n + p.pool.length, 0)} pooled sources written to ${out}`);
		scoreRankings(sources, pools);
	} finally {
		await timer.close();
	}
	return EXIT_OK;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}
