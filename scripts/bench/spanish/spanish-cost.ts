/**
 * `npx tsx scripts/bench/spanish/spanish-cost.ts [--base COMMIT] [--sources 100000]`
 *
 * What Spanish questions cost the database, before and after the Spanish vocabulary: each query
 * below counted through the counting Worker (bench/wrangler.counting.toml: round trips, rows read and
 * D1's own time, as `npm run bench:cost` counts them; sent once to warm the isolate, then three
 * times, the median D1 time), and what loading a cold isolate's copy reads (lexicon included).
 * With `--base`, the same through that commit's Worker (a `git archive` of it under
 * .tmp/spanish-base, sharing node_modules) over a copy of the bench state whose lexicon is that
 * commit's (its newest lexicon migration run on the copy), its sends interleaved with this
 * checkout's query by query.
 * The English equivalent of the Spanish question is what search reads it as.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { parseQuery, searchTerms } from "../../../src/search/query/match-expression";
import { lexiconMap } from "../../../src/search/vocabulary/lexicon";
import { readLexiconFile } from "../../lexicon";
import { REPO_ROOT } from "../../lib/dev-server";
import { lexiconRows, newestLexiconMigration } from "../../lib/lexicon-rows";
import { runWrangler } from "../../lib/wrangler";
import { progress, startWorker } from "../lib/harness";
import { SPANISH_VOCABULARY_QUERY, toolCall } from "../lib/requests";
import { ensureBenchState } from "../lib/state";

const BASE_DIR = resolve(REPO_ROOT, ".tmp/spanish-base");
const BASE_STATE = resolve(REPO_ROOT, ".tmp/spanish-base-state");

/** The English a Spanish question is searched as, from this checkout's lexicon file. */
const inEnglish = (query: string) =>
	searchTerms(parseQuery(query), lexiconMap(lexiconRows(readLexiconFile())))
		.map((t) => t.text)
		.join(" ");

const QUERIES = [
	SPANISH_VOCABULARY_QUERY,
	inEnglish(SPANISH_VOCABULARY_QUERY),
	"enlaces internos",
	"internal links",
	"auditoría de contenido",
	"content audit",
	"cómo mejorar los enlaces internos",
];

interface Counted {
	roundTrips: number;
	depth: number;
	rowsRead: number;
	d1Ms: number;
}

async function count(origin: string, query: string): Promise<Counted & { mode: string }> {
	const request = toolCall("search", "search_sources", { query, limit: 20 });
	const response = await fetch(`${origin}${request.path}`, {
		method: "POST",
		headers: request.headers,
		body: request.body,
		signal: AbortSignal.timeout(120_000),
	});
	const body = JSON.parse(await response.text());
	return {
		...JSON.parse(response.headers.get("x-d1-cost") ?? "{}"),
		mode: body.result?.structuredContent?.match_mode,
	};
}

type Measured = { cold: Counted; rows: (Counted & { mode: string })[] };

/** Each Worker's counts, the Workers' sends interleaved query by query so that drift falls on both. */
async function measure(workers: { persistTo: string; configPath?: string }[]): Promise<Measured[]> {
	const running = [];
	try {
		for (const w of workers)
			running.push(
				await startWorker(
					"counting",
					w.persistTo,
					{},
					"api",
					w.configPath ? { configPath: w.configPath } : {},
				),
			);
		const origins = running.map((w) => w.server.origin);
		const out: Measured[] = [];
		for (const origin of origins) out.push({ cold: await count(origin, "seo"), rows: [] });
		for (const query of QUERIES) {
			for (const origin of origins) await count(origin, query);
			const sends: (Counted & { mode: string })[][] = origins.map(() => []);
			for (let i = 0; i < 3; i++)
				for (const [w, origin] of origins.entries()) sends[w]?.push(await count(origin, query));
			for (const [w, counted] of sends.entries()) {
				const first = counted[0] as Counted & { mode: string };
				out[w]?.rows.push({ ...first, d1Ms: counted.map((s) => s.d1Ms).sort((a, b) => a - b)[1] ?? 0 });
			}
		}
		return out;
	} finally {
		for (const w of running) await w.server.stop();
	}
}

/** The base commit's tree, and a copy of the bench state holding that commit's lexicon. */
function prepareBase(commit: string, persistTo: string): string {
	rmSync(BASE_DIR, { recursive: true, force: true });
	mkdirSync(BASE_DIR, { recursive: true });
	execFileSync("sh", ["-c", `git archive ${commit} | tar -x -C ${BASE_DIR}`], { cwd: REPO_ROOT });
	symlinkSync(resolve(REPO_ROOT, "node_modules"), join(BASE_DIR, "node_modules"));
	rmSync(BASE_STATE, { recursive: true, force: true });
	cpSync(persistTo, BASE_STATE, { recursive: true });
	const migrations = join(BASE_DIR, "migrations");
	const newest = newestLexiconMigration(readdirSync(migrations));
	if (newest === undefined) throw new Error(`${commit} has no lexicon migration`);
	runWrangler([
		"d1",
		"execute",
		"DB",
		"--local",
		"--persist-to",
		BASE_STATE,
		"--file",
		join(migrations, newest),
	]);
	return join(BASE_DIR, "bench/wrangler.counting.toml");
}

const cell = (c: Counted | undefined) =>
	c === undefined
		? "–"
		: `${c.rowsRead.toLocaleString("en")} rows, ${c.d1Ms} ms, ${c.roundTrips} round trips`;

async function main(): Promise<void> {
	const { values } = parseArgs({
		options: { base: { type: "string" }, sources: { type: "string", default: "100000" } },
	});
	process.env.WRANGLER_SEND_METRICS = "false";
	const state = await ensureBenchState(Number(values.sources));
	const baseConfig = values.base === undefined ? undefined : prepareBase(values.base, state.persistTo);
	progress(`counting ${QUERIES.length} queries at ${values.sources} sources`);
	const measured = await measure([
		...(baseConfig === undefined ? [] : [{ persistTo: BASE_STATE, configPath: baseConfig }]),
		{ persistTo: state.persistTo },
	]);
	const current = measured.at(-1) as Measured;
	const base = baseConfig === undefined ? undefined : measured[0];
	const label = values.base ?? "";
	console.log(`| query | ${label ? `${label}: ` : ""}rows read, D1 time, round trips | this checkout |`);
	console.log("| --- | --- | --- |");
	console.log(
		`| a cold isolate's copy (lexicon included) and "seo" | ${cell(base?.cold)} | ${cell(current.cold)} |`,
	);
	for (const [i, query] of QUERIES.entries())
		console.log(
			`| ${query} | ${cell(base?.rows[i])}${base ? ` (${base.rows[i]?.mode})` : ""} | ${cell(current.rows[i])} (${current.rows[i]?.mode}) |`,
		);
	if (existsSync(BASE_STATE)) rmSync(BASE_STATE, { recursive: true, force: true });
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
