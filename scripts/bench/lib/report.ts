/**
 * Writes benchmark results into the repository: each figure table into its marked block of
 * BENCHMARKS.md (`<!-- generated:NAME -->` … `<!-- /generated:NAME -->`), everything else of that file
 * (the prose, written by hand) kept as it is, and the figures into benchmarks.json under their keys.
 * A generator writes tables and measured values only: why a figure is what it is belongs in the prose.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { REPO_ROOT } from "../../lib/dev-server";
import type { LoadResult } from "./load-child";

export interface LoadTestResults {
	command: string;
	generated_at: string;
	loadavg_start: number[];
	sources: number;
	budget: number;
	period_s: number;
	identities: number;
	identity_prefix: string;
	connections: number;
	duration_s: number;
	started_after_window_s: number;
	result: LoadResult;
	peak_rss_mib: number;
	saturated: number;
	exact_identities: number;
	admitted_min: number;
	admitted_max: number;
	sent_min: number;
	sent_max: number;
	other_total: number;
	passed: boolean;
	failures: string[];
}

const git = (...args: string[]) => spawnSync("git", args, { cwd: REPO_ROOT, encoding: "utf8" }).stdout.trim();

/** The commit measured, and whether the code differed from it (then the figures are not that commit's). */
export function measuredCommit() {
	const changed = git(
		"status",
		"--porcelain",
		"--",
		"src",
		"migrations",
		"projections",
		"bench",
		"scripts",
		"wrangler.toml",
	);
	return {
		commit: git("rev-parse", "HEAD"),
		subject: git("log", "-1", "--format=%s"),
		uncommitted_changes: changed !== "",
	};
}

/** How a block names the commit it measured: its hash, its subject, and whether the code differed from it. */
export function commitText({
	commit,
	subject,
	uncommitted_changes,
}: ReturnType<typeof measuredCommit>): string {
	return `commit \`${commit.slice(0, 12)}\` ("${subject}")${uncommitted_changes ? " **with uncommitted changes to the code**" : ""}`;
}

const fmt = (n: number | undefined, digits = 1) =>
	n === undefined || Number.isNaN(n) ? "–" : n.toLocaleString("en-US", { maximumFractionDigits: digits });

const opening = (name: string) => `<!-- generated:${name} -->`;
const closing = (name: string) => `<!-- /generated:${name} -->`;

/** `markdown` with block `name` replaced by `content`; a block the file lacks is an error, not appended. */
function replaceBlock(markdown: string, name: string, content: string): string {
	const start = markdown.indexOf(opening(name));
	const end = markdown.indexOf(closing(name));
	if (start < 0 || end < start)
		throw new Error(`BENCHMARKS.md has no block ${opening(name)} … ${closing(name)}`);
	return `${markdown.slice(0, start + opening(name).length)}\n${content.trim()}\n${markdown.slice(end)}`;
}

/**
 * Writes the blocks into BENCHMARKS.md and `json` into benchmarks.json, in `out` (default: the
 * repository); of the previous benchmarks.json only the keys in `keep` stay (every key when omitted).
 */
export function writeResults(
	blocks: Record<string, string>,
	json: Record<string, unknown>,
	out = REPO_ROOT,
	keep?: readonly string[],
): void {
	const mdFile = join(out, "BENCHMARKS.md");
	let markdown = readFileSync(mdFile, "utf8");
	for (const [name, content] of Object.entries(blocks)) markdown = replaceBlock(markdown, name, content);
	writeFileSync(mdFile, markdown);
	const jsonFile = join(out, "benchmarks.json");
	const before = existsSync(jsonFile)
		? (JSON.parse(readFileSync(jsonFile, "utf8")) as Record<string, unknown>)
		: {};
	const previous =
		keep === undefined
			? before
			: Object.fromEntries(keep.filter((k) => k in before).map((k) => [k, before[k]]));
	writeFileSync(jsonFile, `${JSON.stringify({ ...previous, ...json }, null, 2)}\n`);
	formatWritten(out, ["benchmarks.json", "BENCHMARKS.md"]);
}

/**
 * The written files in the repository's own format, so the lint step in CI accepts them as they are.
 * Files outside what Biome checks (an --out directory elsewhere, or under .tmp/) are left as written.
 */
function formatWritten(out: string, files: string[]): void {
	const biome = join(REPO_ROOT, "node_modules", "@biomejs", "biome", "bin", "biome");
	const paths = files.map((f) => join(out, f)).filter((path) => !relative(REPO_ROOT, path).startsWith(".."));
	if (paths.length === 0) return;
	const run = spawnSync(
		process.execPath,
		[biome, "format", "--write", "--no-errors-on-unmatched", ...paths],
		{
			cwd: REPO_ROOT,
			encoding: "utf8",
		},
	);
	if (run.status !== 0) throw new Error(`biome format failed:\n${run.stdout}${run.stderr}`);
}

export function loadTestBlock(load: LoadTestResults): string {
	const r = load.result;
	const statuses = Object.entries(r.status)
		.map(([code, n]) => `${code}: ${n}`)
		.join(", ");
	return [
		`Command: \`${load.command}\` (${load.generated_at}; load average at start ${load.loadavg_start.join(" ")}).`,
		"",
		`\`wrangler dev\` with the production configuration (wrangler.toml without an environment: the native \`MCP_RATE_LIMIT\` binding, ${load.budget} requests per ${load.period_s} s per identity; the database gate off, as \`bench:crowd\` measures it), the ${load.sources.toLocaleString("en-US")}-source corpus, ${load.identities} concurrent edge identities (\`CF-Connecting-IP\` ${load.identity_prefix}0 … ${load.identity_prefix}${load.identities - 1}, round robin), ${load.connections} connections for ${load.duration_s} s, started ${load.started_after_window_s} s into a fresh rate-limit window so the whole run falls in one window. Requests alternate \`get_topic_signal\`, \`server/discover\` and \`search_sources\` (rare word).`,
		"",
		"| measure | value |",
		"|---|---:|",
		`| responses | ${r.responses} |`,
		`| throughput | ${fmt(r.requests_per_s)} req/s (${fmt(r.ok_per_s)} admitted/s) |`,
		`| status codes | ${statuses} |`,
		`| connection errors / timeouts | ${r.errors} / ${r.timeouts} |`,
		`| JSON-RPC or tool errors in 200 answers | ${r.tool_errors} |`,
		`| answers other than 200 and 429 | ${load.other_total} |`,
		`| identities sent more than the budget | ${load.saturated} of ${load.identities} |`,
		`| identities admitted exactly min(sent, budget) | ${load.exact_identities} of ${load.identities} |`,
		`| admitted per identity (min / max) | ${load.admitted_min} / ${load.admitted_max} |`,
		`| sent per identity (min / max) | ${load.sent_min} / ${load.sent_max} |`,
		`| latency of admitted answers p50 / p99 | ${fmt(r.latency_ms.p50, 2)} / ${fmt(r.latency_ms.p99, 2)} ms |`,
		`| peak workerd RSS | ${fmt(load.peak_rss_mib)} MiB |`,
		"",
		`Verdict: ${load.passed ? "**passed**: no errors, every answer a 200 or a 429, and every identity admitted exactly its budget (or everything it sent, when it sent less)." : `**failed**: ${load.failures.join("; ")}`}`,
	].join("\n");
}
