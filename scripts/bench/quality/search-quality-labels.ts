/**
 * `npm run bench:quality -- labels [--check]`
 *
 * Writes test/quality/queries.json, the labelled query set behind `npm run bench:quality` and
 * test/workers/search/quality.test.ts, from the rules below and the default sample corpus (the one
 * `npm start` and the Workers tests seed). Every judgment comes from what the generator was told to
 * write about (a source's topics, or a sentence it was made to say), never from search results, so the
 * set does not reward today's ranking. The concept and question queries of issue 21 are judged by
 * reading instead (test/quality/concept-judgments.json, from pools of candidate rankings): they are
 * merged in as they are, and the same queries judged at 100,000 sources
 * (concept-judgments-100k.json) become test/quality/queries-100k.json. `--check` exits 1 when either
 * file differs from what the rules and judgments give (the generator, a rule or a judgment changed):
 * re-run without it and review the diff.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import type { LabelledSet, QualityCategory, QualityFilters } from "../../../test/quality/metrics";
import type { CorpusRecordInput, Platform } from "../../corpus/format";
import { DEFAULT_SEED, DEFAULT_SOURCES, generateCorpus } from "../../corpus/generate";
import { TOPICS } from "../../corpus/vocabulary";
import { EXIT_FAILED, EXIT_OK, readCommandLine, runCommand } from "../../lib/command";
import { REPO_ROOT } from "../../lib/dev-server";

type Source = Extract<CorpusRecordInput, { kind: "source" }>;
type Grade = 0 | 1 | 2;

interface Judged {
	source: Source;
	handle: string;
	/** Title, summary and passages, lower-cased: only for sentence rules. */
	text: string;
}

interface Rule {
	/** How the grades were given, in words (kept in the JSON for reviewers). */
	judged_by: string;
	grade(s: Judged): Grade;
}

interface Spec {
	id: string;
	category: QualityCategory;
	query: string;
	filters?: QualityFilters;
	/** Queries that mean the same (word forms, acronym and spelled-out form) share a group. */
	group?: string;
	rule: Rule;
}

export const QUERIES_FILE = resolve(REPO_ROOT, "test/quality/queries.json");
export const LARGE_QUERIES_FILE = resolve(REPO_ROOT, "test/quality/queries-100k.json");
const JUDGMENTS_FILE = resolve(REPO_ROOT, "test/quality/concept-judgments.json");
const LARGE_JUDGMENTS_FILE = resolve(REPO_ROOT, "test/quality/concept-judgments-100k.json");

/** concept-judgments*.json: each pooled source's grade, with the reason and the rankings that pooled it. */
interface Judgments {
	corpus: LabelledSet["corpus"];
	queries: {
		id: string;
		category: QualityCategory;
		query: string;
		rubric: { about: string };
		grades: Record<string, { grade: Grade; reason: string }>;
	}[];
}

/** Queries judged by reading, as labelled queries: the pooled sources graded 1 or 2 (the rest are 0). */
function readQueries(file: string): { corpus: LabelledSet["corpus"]; queries: LabelledSet["queries"] } {
	const judgments = JSON.parse(readFileSync(file, "utf8")) as Judgments;
	return {
		corpus: judgments.corpus,
		queries: judgments.queries.map((q) => {
			const graded = Object.entries(q.grades)
				.map(([id, g]) => [id, g.grade] as const)
				.filter(([, g]) => g > 0)
				.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
			if (graded.length === 0) throw new Error(`query ${q.id} has no relevant source`);
			const pooled = Object.keys(q.grades).length;
			return {
				id: q.id,
				category: q.category,
				query: q.query,
				judged_by: `by reading ${pooled} pooled sources (${relative(REPO_ROOT, file)}): ${q.rubric.about}; 2 = squarely about it, 1 = discusses it usefully`,
				read: { pooled },
				relevant: Object.fromEntries(graded),
			};
		}),
	};
}

/** The concept and question queries judged at 100,000 sources (the bench state, state.ts). */
function buildLargeSet(): LabelledSet {
	return readQueries(LARGE_JUDGMENTS_FILE);
}

/**
 * Grade 2 when the source's primary topic (the one its title and summary were written about) is in
 * `squarely`; grade 1 when any of its topics is in `squarely` or its primary topic is in `related`.
 */
function topics(squarely: string[], related: string[] = []): Rule {
	for (const t of [...squarely, ...related])
		if (!TOPICS.some((spec) => spec.topic_id === t)) throw new Error(`unknown topic ${t}`);
	const rel = related.length > 0 ? `; 1 = primary topic ${related.join(", ")}` : "";
	return {
		judged_by: `2 = primary topic ${squarely.join(", ")}; 1 = secondary topic ${squarely.join(", ")}${rel}`,
		grade: ({ source }) => {
			const primary = source.topic_ids[0] as string;
			if (squarely.includes(primary)) return 2;
			if (source.topic_ids.some((t) => squarely.includes(t)) || related.includes(primary)) return 1;
			return 0;
		},
	};
}

/**
 * Grade 2 when the generator made the source say `sentence` (a passage holds it); otherwise the
 * fallback rule, capped at 1 (on the subject, without the specific point asked about).
 */
function saying(sentence: string, fallback?: Rule): Rule {
	const needle = sentence.toLowerCase();
	return {
		judged_by: `2 = a passage says "${sentence}"${fallback ? `; otherwise at most 1 by: ${fallback.judged_by}` : ""}`,
		grade: (s) => (s.text.includes(needle) ? 2 : fallback ? (Math.min(1, fallback.grade(s)) as Grade) : 0),
	};
}

const AI_SEARCH = [
	"ai-overviews",
	"generative-engine-optimization",
	"llm-citations",
	"chatgpt-search",
	"perplexity-seo",
	"agentic-search",
	"ai-crawlers",
];
const AI_SEARCH_NEAR = ["brand-mentions", "ai-content-detection", "voice-search", "zero-click"];
/** Topics whose label names SEO: an SEO discipline by name. */
const SEO_NAMED = TOPICS.filter((t) => /\bSEO\b/.test(t.label)).map((t) => t.topic_id);
/** Search practice other than AI answers and platform search: still SEO, less squarely. */
const SEO_PRACTICE = TOPICS.map((t) => t.topic_id).filter(
	(t) => !SEO_NAMED.includes(t) && !AI_SEARCH.includes(t) && t !== "tiktok-search",
);

const ai = topics(AI_SEARCH, AI_SEARCH_NEAR);
const content = topics(
	["helpful-content", "content-refresh", "ai-content-detection"],
	["topical-authority", "programmatic-seo", "e-e-a-t", "keyword-clustering"],
);
const seo = topics(SEO_NAMED, SEO_PRACTICE);
const internalLinks = topics(["internal-linking"], ["topical-authority"]);
const snippets = topics(["featured-snippets"], ["voice-search", "zero-click", "serp-features"]);
const crawl = topics(["crawl-budget"], ["log-file-analysis", "ai-crawlers", "javascript-seo"]);
const migrations = topics(["site-migrations"]);
const brandMentions = topics(["brand-mentions"], ["digital-pr", "entity-seo"]);
const clustering = topics(["keyword-clustering"], ["topical-authority", "search-intent"]);
const citations = topics(
	["llm-citations"],
	["generative-engine-optimization", "chatgpt-search", "perplexity-seo"],
);
const aio = topics(["ai-overviews"], ["zero-click"]);
const geo = topics(["generative-engine-optimization"], ["llm-citations", "ai-overviews", "chatgpt-search"]);
const serp = topics(
	["serp-features"],
	["featured-snippets", "zero-click", "keyword-clustering", "local-pack"],
);
const ctr = saying("click-through on those dropped hard", topics(["ai-overviews"], ["zero-click"]));
const eeat = topics(["e-e-a-t"], ["helpful-content"]);
const llm = topics(["llm-citations"], ["chatgpt-search", "generative-engine-optimization", "perplexity-seo"]);

const SPECS: Spec[] = [
	// Words found in most sources: BM25 gives them almost no weight, so today's order is noise.
	{ id: "common-ai-search", category: "common", query: "AI search", rule: ai },
	{ id: "common-seo", category: "common", query: "SEO", rule: seo },
	{ id: "common-content", category: "common", query: "content", rule: content },
	{ id: "common-google-ai", category: "common", query: "Google AI", rule: aio },

	// A topic as practitioners name it (several words, in titles and summaries of its sources).
	...(
		[
			["featured snippets", "featured-snippets", ["voice-search", "zero-click", "serp-features"]],
			["internal linking", "internal-linking", ["topical-authority"]],
			["crawl budget", "crawl-budget", ["log-file-analysis"]],
			["Core Web Vitals", "core-web-vitals", ["javascript-seo"]],
			["log file analysis", "log-file-analysis", ["crawl-budget", "ai-crawlers"]],
			["search intent", "search-intent", ["keyword-clustering"]],
			["link building", "link-building", ["digital-pr"]],
			["digital PR", "digital-pr", ["link-building", "brand-mentions"]],
			["topical authority", "topical-authority", ["keyword-clustering", "internal-linking"]],
			["agentic search", "agentic-search", ["ai-crawlers"]],
			["Search Console", "search-console", []],
			["helpful content", "helpful-content", ["e-e-a-t", "ai-content-detection"]],
			["schema markup", "schema-markup", ["entity-seo"]],
			["local pack", "local-pack", []],
			["voice search", "voice-search", ["featured-snippets"]],
			["ChatGPT search", "chatgpt-search", ["llm-citations"]],
			["TikTok search", "tiktok-search", ["youtube-seo"]],
			["JavaScript SEO", "javascript-seo", ["ai-crawlers"]],
		] as const
	).map(
		([query, topic, related]): Spec => ({
			id: `phrase-${topic}`,
			category: "phrase",
			query,
			rule: topics([topic], [...related]),
		}),
	),

	// Word forms: each pair has the same judgments, so a search that ignores the form scores both alike.
	{
		id: "form-internal-link",
		category: "word-form",
		query: "internal link",
		group: "internal-link",
		rule: internalLinks,
	},
	{
		id: "form-internal-links",
		category: "word-form",
		query: "internal links",
		group: "internal-link",
		rule: internalLinks,
	},
	{ id: "form-snippet", category: "word-form", query: "snippet", group: "snippet", rule: snippets },
	{ id: "form-snippets", category: "word-form", query: "snippets", group: "snippet", rule: snippets },
	{ id: "form-crawl", category: "word-form", query: "crawl", group: "crawl", rule: crawl },
	{ id: "form-crawling", category: "word-form", query: "crawling", group: "crawl", rule: crawl },
	{
		id: "form-site-migration",
		category: "word-form",
		query: "site migration",
		group: "migration",
		rule: migrations,
	},
	{
		id: "form-site-migrations",
		category: "word-form",
		query: "site migrations",
		group: "migration",
		rule: migrations,
	},
	{
		id: "form-brand-mention",
		category: "word-form",
		query: "brand mention",
		group: "brand-mention",
		rule: brandMentions,
	},
	{
		id: "form-brand-mentions",
		category: "word-form",
		query: "brand mentions",
		group: "brand-mention",
		rule: brandMentions,
	},
	{
		id: "form-keyword-cluster",
		category: "word-form",
		query: "keyword cluster",
		group: "cluster",
		rule: clustering,
	},
	{
		id: "form-clustering-keywords",
		category: "word-form",
		query: "clustering keywords",
		group: "cluster",
		rule: clustering,
	},
	{ id: "form-citation", category: "word-form", query: "citation", group: "citation", rule: citations },
	{ id: "form-citations", category: "word-form", query: "citations", group: "citation", rule: citations },

	// The field's acronyms and their spelled-out forms (same judgments within a pair).
	{ id: "acronym-aio", category: "acronym", query: "AIO", group: "aio", rule: aio },
	{ id: "acronym-ai-overviews", category: "acronym", query: "AI Overviews", group: "aio", rule: aio },
	{ id: "acronym-geo", category: "acronym", query: "GEO", group: "geo", rule: geo },
	{
		id: "acronym-geo-long",
		category: "acronym",
		query: "generative engine optimization",
		group: "geo",
		rule: geo,
	},
	{ id: "acronym-serp", category: "acronym", query: "SERP", group: "serp", rule: serp },
	{
		id: "acronym-serp-long",
		category: "acronym",
		query: "search engine results page",
		group: "serp",
		rule: serp,
	},
	{ id: "acronym-ctr", category: "acronym", query: "CTR", group: "ctr", rule: ctr },
	{ id: "acronym-ctr-long", category: "acronym", query: "click-through rate", group: "ctr", rule: ctr },
	{ id: "acronym-eeat", category: "acronym", query: "EEAT", group: "eeat", rule: eeat },
	{ id: "acronym-e-e-a-t", category: "acronym", query: "E-E-A-T", group: "eeat", rule: eeat },
	{ id: "acronym-llm", category: "acronym", query: "LLM", group: "llm", rule: llm },
	{ id: "acronym-llm-long", category: "acronym", query: "large language model", group: "llm", rule: llm },

	// Filters: only sources that pass the filter can be relevant (judged by the same rules).
	{
		id: "filter-seo-creator",
		category: "filtered",
		query: "SEO",
		filters: { creator_handle: "@techseo_tess" },
		rule: seo,
	},
	{
		id: "filter-ai-search-platform",
		category: "filtered",
		query: "AI search",
		filters: { platform: "youtube_shorts" },
		rule: ai,
	},
	{
		id: "filter-content-platform",
		category: "filtered",
		query: "content",
		filters: { platform: "instagram_reels" },
		rule: content,
	},
	{
		id: "filter-ai-search-topic",
		category: "filtered",
		query: "AI search",
		filters: { topic_id: "chatgpt-search" },
		rule: topics(["chatgpt-search"], AI_SEARCH),
	},
	{
		id: "filter-citations-creator",
		category: "filtered",
		query: "citations",
		filters: { creator_handle: "seo.with.sam" },
		rule: citations,
	},
	{
		id: "filter-links-topic",
		category: "filtered",
		query: "links",
		filters: { topic_id: "content-refresh" },
		rule: topics(["internal-linking", "link-building"]),
	},
	{
		id: "filter-search-console-tiktok",
		category: "filtered",
		query: "Search Console",
		filters: { platform: "tiktok" },
		rule: topics(["search-console"]),
	},

	// Words that occur in very few sources.
	...(["quokka", "Bratislava", "zeugma"] as const).map(
		(word): Spec => ({
			id: `rare-${word.toLowerCase()}`,
			category: "rare",
			query: word,
			rule: saying(
				(
					{
						quokka: "One client's traffic spike came from a quokka meme",
						Bratislava: "Our Bratislava team ran the same test in Slovak",
						zeugma: "A zeugma in the title tag confused the model",
					} as const
				)[word],
			),
		}),
	),
	{
		id: "rare-hreflang",
		category: "rare",
		query: "hreflang",
		rule: saying("Most hreflang setups we audit are broken", topics(["international-seo"])),
	},
	{
		id: "rare-wikidata",
		category: "rare",
		query: "Wikidata",
		rule: saying("Link your about page to your Wikidata item", topics(["entity-seo"])),
	},
	{
		id: "rare-llms-txt",
		category: "rare",
		query: "llms.txt",
		rule: saying("We publish an llms.txt file", topics(["ai-crawlers"])),
	},

	// What an agent would ask in a sentence: several words, most of them common.
	{
		id: "question-cited-chatgpt",
		category: "question",
		query: "how to get cited in ChatGPT answers",
		rule: topics(["chatgpt-search", "llm-citations"], ["generative-engine-optimization"]),
	},
	{
		id: "question-block-ai-crawlers",
		category: "question",
		query: "block AI crawlers in robots.txt",
		rule: topics(["ai-crawlers"], ["log-file-analysis", "crawl-budget"]),
	},
	{
		id: "question-redirect-map",
		category: "question",
		query: "redirect map for a site migration",
		rule: topics(["site-migrations"]),
	},
	{
		id: "question-win-snippet",
		category: "question",
		query: "how to win the featured snippet",
		rule: snippets,
	},
	{
		id: "question-orphan-pages",
		category: "question",
		query: "orphan pages with no internal links",
		rule: internalLinks,
	},
	{
		id: "question-helpful-content-recovery",
		category: "question",
		query: "recover from the helpful content update",
		rule: topics(["helpful-content"], ["content-refresh", "e-e-a-t"]),
	},
];

/** The labelled set, computed from the rules over the default sample corpus. */
function buildLabelledSet(): LabelledSet {
	const handles = new Map<string, string>();
	const judged: Judged[] = [];
	for (const record of generateCorpus()) {
		if (record.kind === "creator") handles.set(record.creator_id, record.handle);
		// Only public sources can be found, so only they are judged.
		if (record.kind === "source" && record.publication_state === "published") {
			const text = [record.title, record.summary, ...record.passages.map((p) => p.text)].join("\n");
			judged.push({ source: record, handle: handles.get(record.creator_id) ?? "", text: text.toLowerCase() });
		}
	}
	const passes = (j: Judged, f: QualityFilters | undefined) =>
		(f?.creator_handle === undefined || j.handle === f.creator_handle.replace(/^@/, "")) &&
		(f?.topic_id === undefined || j.source.topic_ids.includes(f.topic_id)) &&
		(f?.platform === undefined || j.source.platform === (f.platform as Platform));
	const ids = new Set<string>();
	const queries = SPECS.map((spec) => {
		if (ids.has(spec.id)) throw new Error(`duplicate query id ${spec.id}`);
		ids.add(spec.id);
		const graded = judged
			.filter((j) => passes(j, spec.filters))
			.map((j) => [j.source.source_id, spec.rule.grade(j)] as const)
			.filter(([, g]) => g > 0)
			.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
		if (graded.length === 0) throw new Error(`query ${spec.id} has no relevant source`);
		return {
			id: spec.id,
			category: spec.category,
			query: spec.query,
			...(spec.filters ? { filters: spec.filters } : {}),
			...(spec.group ? { group: spec.group } : {}),
			judged_by: spec.rule.judged_by,
			relevant: Object.fromEntries(graded),
		};
	});
	const read = readQueries(JUDGMENTS_FILE);
	if (read.corpus.public_sources !== judged.length)
		throw new Error(
			`${JUDGMENTS_FILE} was judged on another corpus (${read.corpus.public_sources} public sources)`,
		);
	for (const q of read.queries) {
		if (ids.has(q.id)) throw new Error(`duplicate query id ${q.id}`);
		ids.add(q.id);
	}
	return {
		corpus: { sources: DEFAULT_SOURCES, seed: DEFAULT_SEED, public_sources: judged.length },
		queries: [...queries, ...read.queries],
	};
}

const USAGE = `usage: npm run bench:quality -- labels [--check]

  --check   write nothing; exit 1 when queries.json or queries-100k.json differs from what the rules give`;

function parse(argv: string[]) {
	return readCommandLine(argv, { check: false });
}

function run({ check }: ReturnType<typeof parse>): number {
	const files = [
		[QUERIES_FILE, `${JSON.stringify(buildLabelledSet(), null, "\t")}\n`],
		[LARGE_QUERIES_FILE, `${JSON.stringify(buildLargeSet(), null, "\t")}\n`],
	] as const;
	if (check) {
		let stale = false;
		for (const [file, json] of files) {
			const current = existsSync(file) ? readFileSync(file, "utf8") : "null";
			// The committed file is Biome-formatted; compare the data, not the layout.
			if (JSON.stringify(JSON.parse(current)) !== JSON.stringify(JSON.parse(json))) {
				console.error(`${file} is out of date: run npm run bench:quality -- labels`);
				stale = true;
			} else console.log(`${file} matches the rules and judgments.`);
		}
		return stale ? EXIT_FAILED : EXIT_OK;
	}
	for (const [file, json] of files) writeFileSync(file, json);
	const set = JSON.parse(files[0][1]) as LabelledSet;
	console.log(`wrote ${set.queries.length} queries to ${QUERIES_FILE}, and ${LARGE_QUERIES_FILE}`);
	for (const q of set.queries) {
		const grades = Object.values(q.relevant);
		console.log(
			`${q.id.padEnd(36)} ${String(grades.filter((g) => g === 2).length).padStart(4)} x2 ${String(grades.filter((g) => g === 1).length).padStart(4)} x1`,
		);
	}
	return EXIT_OK;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}
