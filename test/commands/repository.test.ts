/**
 * The repository stands on its own and runs one toolchain: one wrangler, one Miniflare and one workerd
 * installed (so `npm start`, every test, the benchmarks and the deploy run the same runtime), a Node
 * inside package.json "engines", one compatibility_date that the installed workerd supports, no
 * link in README.md or docs/ that leads out of the repository except to a public web page, no
 * comment or document that names a repository file which is not there (a comment's bare file names
 * and paths from its own folder included), a benchmark stand-in
 * that exports what the module it replaces does, no test that lists every tool, prompt or method
 * (or counts them) by hand, one command line shape for every npm script, no import cycle anywhere in
 * the repository's TypeScript, and no function in src/search/ longer than a reader holds at once.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../scripts/lib/dev-server";
import { methodsOf } from "../../src/mcp/methods";
import { PROMPT_DESCRIPTORS } from "../../src/prompts/registry";
import { TOOL_DESCRIPTORS } from "../../src/tools/registry";

interface NpmTree {
	version?: string;
	dependencies?: Record<string, NpmTree>;
}

/** Every installed version of each package, read from `npm ls`, which reads node_modules itself. */
function installedVersions(names: string[]): Map<string, Set<string>> {
	const ls = spawnSync("npm", ["ls", "--all", "--json", ...names], { cwd: REPO_ROOT, encoding: "utf8" });
	const found = new Map(names.map((name) => [name, new Set<string>()]));
	const walk = (tree: NpmTree) => {
		for (const [name, child] of Object.entries(tree.dependencies ?? {})) {
			if (child.version) found.get(name)?.add(child.version);
			walk(child);
		}
	};
	walk(JSON.parse(ls.stdout) as NpmTree);
	return found;
}

const readRepoFile = (path: string) => readFileSync(resolve(REPO_ROOT, path), "utf8");

function compatibilityDates(): Map<string, string> {
	const dates = new Map<string, string>();
	const configs = [
		"wrangler.toml",
		...readdirSync(resolve(REPO_ROOT, "scripts/bench/workers")).map(
			(name) => `scripts/bench/workers/${name}`,
		),
	];
	for (const path of configs.filter((name) => name.endsWith(".toml"))) {
		const date = /^compatibility_date\s*=\s*"([\d-]+)"/m.exec(readRepoFile(path))?.[1];
		if (date) dates.set(path, date);
	}
	for (const match of readRepoFile("vitest.config.ts").matchAll(/compatibilityDate:\s*"([\d-]+)"/g)) {
		dates.set(`vitest.config.ts (${match.index})`, match[1] as string);
	}
	return dates;
}

/** Markdown link targets: [text](target) and <target>, outside fenced code blocks. */
function linkTargets(markdown: string): string[] {
	const prose = markdown.replace(/^```[\s\S]*?^```/gm, "");
	const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] as string);
	const angle = [...prose.matchAll(/<((?:https?|file):[^>\s]+)>/g)].map((m) => m[1] as string);
	return [...inline, ...angle];
}

/** README.md, BENCHMARKS.md and every document under docs/ (its decision records included). */
const markdownFiles = () => [
	"README.md",
	"BENCHMARKS.md",
	...readdirSync(resolve(REPO_ROOT, "docs"), { recursive: true, encoding: "utf8" })
		.filter((name) => name.endsWith(".md"))
		.map((name) => `docs/${name}`),
];

/** The folders a repository path starts with; a path elsewhere (node_modules/, .tmp/) is not checked. */
const PATH_ROOTS = ["src", "test", "scripts", "migrations", "docs", "projections", "data"];

/**
 * Repository paths named in `text`: a file under one of PATH_ROOTS with its extension
 * (`src/search/query/tokens.ts`), a folder written with its closing slash (`test/quality/`), or a top-level
 * document in capitals (`BENCHMARKS.md`). Not a path: anything inside a longer path or a URL
 * (`../../src/x`, `https://host/src/x.ts`), anything with a placeholder or a wildcard
 * (`projections/begin-<mode>.sql`, `test/workers/hardening-*.test.ts`), and a file of another
 * project, which is written after its owner's possessive (`the Server Card extension's docs/discovery.md`).
 */
function namedPaths(text: string): string[] {
	const roots = PATH_ROOTS.join("|");
	const path = new RegExp(
		"(?<![\\w./@$<>{}*-])(?<!'s `?)" +
			`((?:${roots})/[\\w./-]*?(?:\\.(?:ts|md|sql|json|toml|ya?ml|png|sh|mjs|js|txt)\\b(?![\\w*<{-])|/(?=[\\s)\`'",:;]))` +
			"|(?<![\\w./-])[A-Z][A-Z0-9_-]*\\.md\\b)",
		"g",
	);
	return [...text.matchAll(path)].map((m) => m[1] as string);
}

/**
 * File names a comment writes without a repository folder first: a bare name (`tokens.ts`),
 * a path from the comment's own folder (`./global-setup.ts`, `../support/seed.ts`) or a path inside
 * a folder of the repository (`plan/plan.ts`) or of an installed package (`axe-core/axe.min.js`).
 * Not a name: what namedPaths reads (a path from a repository folder), a URL, a scoped package's
 * file (`@scope/name/file.js`), a placeholder (`<NNNN>_x.sql`), a wildcard (`*.test.ts`), a suffix
 * (`.complete.json`), a product (`Node.js`), and a file of another project, written after its
 * owner's possessive.
 */
function namedFiles(text: string): string[] {
	const roots = PATH_ROOTS.join("|");
	const name = new RegExp(
		"(?<![\\w./@$<>{}*:-])(?<!'s `?)" +
			`(?!(?:${roots})/)((?:\\.{1,2}/)*(?:[\\w-]+/)*\\w[\\w.-]*\\.(?:ts|mjs|js|sql|md|json|toml|sh))` +
			"\\b(?![\\w*<{/-])",
		"g",
	);
	return [...text.matchAll(name)]
		.map((m) => m[1] as string)
		.filter((found) => !/^[A-Z][a-z]+\.js$/.test(found));
}

/** Whether a file name a comment in `file` writes is a file of this repository, or an output it writes (ignored by git). */
function fileNamed(file: string, name: string, tracked: readonly string[]): boolean {
	const from = normalize(join(dirname(file), name));
	if (name.startsWith(".")) return tracked.includes(from);
	if (name.includes("/"))
		return (
			tracked.some((path) => path === from || path.endsWith(`/${name}`)) ||
			existsSync(resolve(REPO_ROOT, "node_modules", name)) ||
			ignored(name)
		);
	return tracked.some((path) => path === name || path.endsWith(`/${name}`));
}

const ignored = (path: string) =>
	spawnSync("git", ["check-ignore", "-q", path], { cwd: REPO_ROOT }).status === 0;

/** The comments of a TypeScript or JavaScript file: every comment the compiler sees, none of the strings. */
function commentsOf(file: string, text: string): string[] {
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
	const seen = new Map<number, string>();
	const collect = (ranges: ts.CommentRange[] | undefined) => {
		for (const range of ranges ?? []) seen.set(range.pos, text.slice(range.pos, range.end));
	};
	const visit = (node: ts.Node) => {
		collect(ts.getLeadingCommentRanges(text, node.pos));
		collect(ts.getTrailingCommentRanges(text, node.end));
		for (const child of node.getChildren(source)) visit(child);
	};
	visit(source);
	return [...seen.values()];
}

const trackedFiles = () =>
	spawnSync("git", ["ls-files", "-z"], { cwd: REPO_ROOT, encoding: "utf8" })
		.stdout.split("\0")
		.filter(Boolean);

/** What each checked file says in prose: a code file's comments, the whole of a document, SQL or config. */
function proseOf(file: string): string[] | null {
	if (/\.(ts|mjs|js)$/.test(file)) return commentsOf(file, readRepoFile(file));
	if (/\.(md|sql|toml|ya?ml|sh)$/.test(file)) return [readRepoFile(file)];
	return null;
}

/**
 * References that stay as written: an applied migration is history and is never edited (a later
 * migration replaced what it names).
 */
const HISTORY = new Set([
	"migrations/0002_search_index.sql: scripts/sql/rebuild-search-index.sql",
	"migrations/0011_sources_filter_index.sql: scripts/bench/profile-search.ts",
	// Search moved to src/search/ (issue 39): its tokens, lexicon, tuning and statement now live in
	// src/search/query/, vocabulary/ and execute/; the handle key in src/text/handle-key.ts.
	"migrations/0007_search_stemming.sql: src/data/tokens.ts",
	"migrations/0007_search_stemming.sql: src/data/search.ts",
	"migrations/0008_search_lexicon.sql: src/data/lexicon.ts",
	"migrations/0008_search_lexicon.sql: src/data/match-expression.ts",
	// The search statement became one statement per plan (issue 50): src/search/execute/sql/.
	"migrations/0023_search_pairs.sql: src/search/execute/sql.ts",
	"migrations/0008_search_lexicon.sql: src/data/tokens.ts",
	"migrations/0009_handle_keys.sql: src/data/handle-key.ts",
	"migrations/0013_search_term_projection.sql: src/tools/search-answer.ts",
	"migrations/0014_search_public_facets.sql: src/data/search.ts",
	"migrations/0015_search_lexicon_short_forms.sql: src/data/tokens.ts",
	"migrations/0016_search_lexicon_spanish.sql: src/data/tokens.ts",
	"migrations/0017_search_tuning.sql: src/data/search-tuning.ts",
]);

describe("one toolchain", () => {
	it("installs exactly one wrangler, one Miniflare and one workerd", () => {
		const versions = installedVersions(["wrangler", "miniflare", "workerd"]);
		for (const [name, found] of versions) {
			expect([...found], `${name} installed versions`).toHaveLength(1);
		}
		// The root pins are the versions installed, so `npx wrangler` and the test pool agree.
		const pins = JSON.parse(readRepoFile("package.json")).devDependencies as Record<string, string>;
		expect([...(versions.get("wrangler") ?? [])]).toEqual([pins.wrangler]);
		expect([...(versions.get("miniflare") ?? [])]).toEqual([pins.miniflare]);
	});

	it("runs on a Node inside package.json engines", () => {
		const engines = JSON.parse(readRepoFile("package.json")).engines.node as string;
		// Caret ranges: the same major, at least that minor (scripts/toolchain/use-node.sh reads them so).
		const ranges = [...engines.matchAll(/\^(\d+)\.(\d+)\./g)].map((m) => ({
			major: Number(m[1]),
			minor: Number(m[2]),
		}));
		expect(ranges.length).toBeGreaterThan(0);
		const [major, minor] = process.versions.node.split(".").map(Number);
		expect(ranges.some((r) => r.major === major && (minor as number) >= r.minor)).toBe(true);
		// The README states the same lines.
		const lines = ranges.map((r) =>
			r.minor > 0 ? `${r.major} (${r.major}.${r.minor} or later)` : `${r.major}`,
		);
		expect(readRepoFile("README.md")).toContain(
			`Node.js ${lines.join(", ").replace(/, ([^,]+)$/, " or $1")}`,
		);
	});

	it("uses one compatibility_date everywhere, which the installed workerd supports", () => {
		const dates = compatibilityDates();
		expect(dates.size).toBeGreaterThanOrEqual(2);
		expect(new Set(dates.values()).size, JSON.stringify(Object.fromEntries(dates))).toBe(1);
		const workerd = spawnSync(resolve(REPO_ROOT, "node_modules/.bin/workerd"), ["--version"], {
			encoding: "utf8",
		});
		const supported = /(\d{4}-\d{2}-\d{2})/.exec(workerd.stdout)?.[1];
		expect(supported, workerd.stdout + workerd.stderr).toBeDefined();
		const date = dates.get("wrangler.toml") as string;
		expect(date <= (supported as string), `${date} is newer than workerd ${supported}`).toBe(true);
	});
});

describe("a repository that stands on its own", () => {
	it("links from README.md and docs/ stay in the repository or go to public web pages", () => {
		const outside: string[] = [];
		for (const file of markdownFiles()) {
			for (const target of linkTargets(readRepoFile(file))) {
				if (/^https:\/\//.test(target)) {
					if (/^https:\/\/(localhost|127\.|\[::1\])/.test(target)) outside.push(`${file}: ${target}`);
					continue;
				}
				if (/^(#|mailto:)/.test(target)) continue;
				if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
					outside.push(`${file}: ${target}`);
					continue;
				}
				const path = resolve(REPO_ROOT, dirname(file), decodeURI(target.split("#")[0] as string));
				if (relative(REPO_ROOT, path).startsWith("..") || !existsSync(path))
					outside.push(`${file}: ${target}`);
			}
		}
		expect(outside).toEqual([]);
	});

	it("finds the links it checks (the check is not vacuous)", () => {
		const targets = markdownFiles().flatMap((file) => linkTargets(readRepoFile(file)));
		expect(targets).toContain("docs/contract.md");
		expect(markdownFiles()).toEqual(
			expect.arrayContaining(["docs/architecture.md", "docs/decisions/README.md"]),
		);
		expect(linkTargets("[a](../shared/DESIGN.md) <https://example.com/x>")).toEqual([
			"../shared/DESIGN.md",
			"https://example.com/x",
		]);
	});

	it("every repository path a comment or document names exists (checked against git ls-files)", () => {
		const files = trackedFiles();
		const tracked = new Set(files);
		const folders = new Set<string>();
		for (const file of files) for (let d = dirname(file); d !== "."; d = dirname(d)) folders.add(d);
		const exists = (path: string) => tracked.has(path) || folders.has(path.replace(/\/$/, ""));
		const missing: string[] = [];
		let checked = 0;
		for (const file of files) {
			for (const prose of proseOf(file) ?? []) {
				for (const path of namedPaths(prose)) {
					checked++;
					// A bare document name may be the file's neighbour (docs/ linking README's siblings).
					if (exists(path) || exists(normalize(join(dirname(file), path)))) continue;
					if (!HISTORY.has(`${file}: ${path}`)) missing.push(`${file}: ${path}`);
				}
			}
		}
		expect(missing).toEqual([]);
		expect(checked).toBeGreaterThan(200);
	});

	it("every file a comment names without its folder exists: a bare name, or a path from the comment's folder", () => {
		const files = trackedFiles();
		const missing: string[] = [];
		let checked = 0;
		// worker-configuration.d.ts is wrangler's, written by `npm run types`.
		for (const file of files.filter((f) => /\.(ts|mjs|js)$/.test(f) && f !== "worker-configuration.d.ts")) {
			for (const comment of commentsOf(file, readRepoFile(file))) {
				for (const name of namedFiles(comment)) {
					checked++;
					if (!fileNamed(file, name, files)) missing.push(`${file}: ${name}`);
				}
			}
		}
		expect(missing).toEqual([]);
		expect(checked).toBeGreaterThan(100);
	});

	it("finds the file names it checks, and only those (the check is not vacuous)", () => {
		const comment = [
			"/** As match-expression.ts does (./paraphrase-check.ts, plan/rounds.ts, ../lib/report.ts, axe-core/axe.min.js). */",
			"// Not file names: src/search/search.ts (a path), https://example.com/a.ts, @scope/pkg/index.js,",
			"// <NNNN>_lexicon.sql, *.test.ts, the .complete.json files, Node.js, the Server Card extension's discovery.md.",
		].join("\n");
		expect(commentsOf("example.ts", comment).flatMap(namedFiles)).toEqual([
			"match-expression.ts",
			"./paraphrase-check.ts",
			"plan/rounds.ts",
			"../lib/report.ts",
			"axe-core/axe.min.js",
		]);
		const tracked = ["src/a/one.ts", "src/b/two.ts", "test/t/three.test.ts"];
		expect(fileNamed("src/b/x.ts", "one.ts", tracked)).toBe(true);
		expect(fileNamed("src/b/x.ts", "./two.ts", tracked)).toBe(true);
		expect(fileNamed("src/b/x.ts", "a/one.ts", tracked)).toBe(true);
		expect(fileNamed("src/b/x.ts", "../a/one.ts", tracked)).toBe(true);
		expect(fileNamed("src/b/x.ts", "gone.ts", tracked)).toBe(false);
		expect(fileNamed("src/b/x.ts", "./one.ts", tracked)).toBe(false);
		expect(fileNamed("src/b/x.ts", "b/one.ts", tracked)).toBe(false);
		expect(fileNamed("src/b/x.ts", "axe-core/axe.min.js", tracked)).toBe(true);
		expect(fileNamed("src/b/x.ts", "test-results/vitest.json", tracked)).toBe(true);
	});

	it("finds the paths it checks, and only those (the check is not vacuous)", () => {
		// Built here, in code, so the examples are not themselves comments the check above reads.
		const comment = [
			"/** See src/search/query/tokens.ts, test/quality/ and BENCHMARKS.md; migrations/0012_x.sql:9 too. */",
			'import { x } from "../../src/search/query/tokens";',
			"// Not ours: https://example.com/src/a.ts, the Server Card extension's docs/discovery.md,",
			"// projections/begin-<mode>.sql, test/workers/hardening-*.test.ts, node_modules/x/README.md.",
			'const s = "src/in-a-string.ts";',
		].join("\n");
		const found = commentsOf("example.ts", comment).flatMap(namedPaths);
		expect(found).toEqual([
			"src/search/query/tokens.ts",
			"test/quality/",
			"BENCHMARKS.md",
			"migrations/0012_x.sql",
		]);
		expect(commentsOf("tokens.ts", readRepoFile("src/search/query/tokens.ts")).flatMap(namedPaths)).toContain(
			"test/workers/search/words.test.ts",
		);
	});
});

describe("no test lists the tools, prompts or methods by hand", () => {
	const TOOLS = TOOL_DESCRIPTORS.map((tool) => tool.name);
	const PROMPTS = PROMPT_DESCRIPTORS.map((prompt) => prompt.name);
	const ERAS = (["modern", "legacy"] as const).map((era) => methodsOf(era).map((m) => m.method));
	/** Where lists are taken from the registries, not written. */
	const HELPERS = new Set(["test/support/registry.ts"]);

	/** Each array literal of the file's string literals, and each `.tools`/`.prompts` length asserted as a number. */
	function handWritten(file: string, text: string): string[] {
		const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
		const found: string[] = [];
		const visit = (node: ts.Node) => {
			if (ts.isArrayLiteralExpression(node)) {
				const strings = new Set(node.elements.filter(ts.isStringLiteral).map((e) => e.text));
				const at = `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
				if (TOOLS.every((name) => strings.has(name))) found.push(`${at}: every tool`);
				if (PROMPTS.every((name) => strings.has(name))) found.push(`${at}: every prompt`);
				for (const methods of ERAS)
					if (methods.every((name) => strings.has(name))) found.push(`${at}: every method of an era`);
			}
			if (
				ts.isCallExpression(node) &&
				/\.(toHaveLength|toBe)$/.test(node.expression.getText(source)) &&
				node.arguments.length === 1 &&
				ts.isNumericLiteral(node.arguments[0] as ts.Expression) &&
				/\b(tools|prompts|methods)\b(\)|\.length)?\)?\.(toHaveLength|toBe)$/.test(
					node.expression.getText(source).replace(/\s+/g, ""),
				)
			)
				found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: a count`);
			ts.forEachChild(node, visit);
		};
		visit(source);
		// A count in words, as a test name or a message would write it.
		for (const match of text.matchAll(
			/\b(?:one|two|three|four|five|six|seven|eight|nine|ten|\d+) (?:tools|prompts|methods)\b/g,
		))
			found.push(`${file}: "${match[0]}"`);
		return found;
	}

	it("finds none in test/ outside the registry-driven helpers", () => {
		const files = trackedFiles().filter(
			(file) => file.startsWith("test/") && /\.(ts|js)$/.test(file) && !HELPERS.has(file),
		);
		expect(files.length).toBeGreaterThan(50);
		expect(files.flatMap((file) => handWritten(file, readRepoFile(file)))).toEqual([]);
	});

	it("would find one (the check is not vacuous)", () => {
		const planted = [
			`const names = [${TOOLS.map((name) => JSON.stringify(name)).join(", ")}];`,
			`const prompts = [${PROMPTS.map((name) => JSON.stringify(name)).join(", ")}];`,
			`const methods = [${(ERAS[0] ?? []).map((name) => JSON.stringify(name)).join(", ")}];`,
			"expect(result.tools).toHaveLength(6);",
			// Spelt apart, so this file's own text holds no count in words.
			`it("lists the ${"six"} tools", () => {});`,
		].join("\n");
		expect(handWritten("planted.ts", planted)).toEqual([
			"planted.ts:1: every tool",
			"planted.ts:2: every prompt",
			"planted.ts:3: every method of an era",
			"planted.ts:4: a count",
			`planted.ts: "${"six"} tools"`,
		]);
	});
});

describe("one command line shape for every npm script", () => {
	const scripts = Object.keys(JSON.parse(readRepoFile("package.json")).scripts as Record<string, string>);
	/** What a script's usage starts with: how a person runs it. */
	const usageOf = (name: string) =>
		name === "start" || name === "test" ? `usage: npm ${name}` : `usage: npm run ${name}`;
	const npm = (name: string, args: string[]) =>
		spawnSync("npm", ["run", "--silent", name, "--", ...args], {
			cwd: REPO_ROOT,
			encoding: "utf8",
			env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
			timeout: 30_000,
		});

	it("reads the scripts from package.json (the check is not vacuous)", () => {
		expect(scripts).toContain("test");
		expect(scripts).toContain("bench:load");
		expect(scripts.length).toBeGreaterThan(20);
	});

	// One case per script: each is two processes.
	it.each(scripts)(
		"npm run %s: --help prints its usage (exit 0); an unknown option is one FAIL line, the usage, exit 2, no stack",
		(name) => {
			const help = npm(name, ["--help"]);
			expect(help.status, help.stdout + help.stderr).toBe(0);
			expect(help.stdout.startsWith(usageOf(name)), help.stdout).toBe(true);
			expect(help.stderr).toBe("");
			const wrong = npm(name, ["--bogus"]);
			expect(wrong.status, wrong.stdout + wrong.stderr).toBe(2);
			const [first, blank, ...rest] = wrong.stderr.split("\n");
			expect(first).toMatch(/^FAIL Unknown option '--bogus'/);
			expect(blank).toBe("");
			expect(rest.join("\n").startsWith(usageOf(name)), wrong.stderr).toBe(true);
			expect(wrong.stderr).not.toMatch(/\n\s+at /);
			expect(wrong.stdout).toBe("");
		},
	);
});

describe("the benchmark's stand-in", () => {
	it("scripts/bench/workers/live-aggregates.ts exports every name src/data/aggregates.ts does (wrangler.counting-live.toml aliases one to the other)", async () => {
		const real = Object.keys(await import("../../src/data/aggregates")).sort();
		const live = Object.keys(await import("../../scripts/bench/workers/live-aggregates")).sort();
		expect(real.length).toBeGreaterThan(0);
		expect(live).toEqual(real);
	});
});

/** The TypeScript and JavaScript modules under `dir` (dependencies and generated types aside). */
const modulesUnder = (dir: string) =>
	readdirSync(resolve(REPO_ROOT, dir), { recursive: true, encoding: "utf8" })
		.filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith(".d.ts") && !f.includes("node_modules"))
		.map((f) => join(dir, f));

/** Every module under `dirs` and the modules of the same trees it imports (`import type` included: a cycle of types is still a cycle a reader must follow). */
function importGraph(...dirs: string[]): Map<string, string[]> {
	const files = dirs.flatMap(modulesUnder);
	const known = new Set(files);
	const graph = new Map<string, string[]>();
	for (const file of files) {
		const imports = ts.preProcessFile(readRepoFile(file), true, true).importedFiles.map((i) => i.fileName);
		const targets = imports
			.filter((name) => name.startsWith("."))
			.map((name) => normalize(join(dirname(file), name.split("?")[0] ?? name)))
			.flatMap((base) =>
				[base, `${base}.ts`, `${base}.js`, join(base, "index.ts")].filter((p) => known.has(p)),
			);
		graph.set(file, [...new Set(targets)]);
	}
	return graph;
}

/** The first cycle found (its modules in import order, the first repeated at the end), or null. */
function firstCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | null {
	const state = new Map<string, "open" | "done">();
	const path: string[] = [];
	const visit = (node: string): string[] | null => {
		if (state.get(node) === "done") return null;
		if (state.get(node) === "open") return [...path.slice(path.indexOf(node)), node];
		state.set(node, "open");
		path.push(node);
		for (const next of graph.get(node) ?? []) {
			const cycle = visit(next);
			if (cycle !== null) return cycle;
		}
		path.pop();
		state.set(node, "done");
		return null;
	};
	for (const node of [...graph.keys()].sort()) {
		const cycle = visit(node);
		if (cycle !== null) return cycle;
	}
	return null;
}

describe("no import cycle anywhere in the repository", () => {
	it("no module of src/, scripts/ or test/ imports, through others, itself", () => {
		const graph = importGraph("src", "scripts", "test");
		expect(graph.size).toBeGreaterThan(300);
		expect([...graph.values()].flat().length, "the graph has edges").toBeGreaterThan(600);
		expect(firstCycle(graph)?.join(" → ") ?? null).toBeNull();
	});

	it("would find one (the check is not vacuous)", () => {
		const graph = new Map([
			["a.ts", ["b.ts"]],
			["b.ts", ["c.ts"]],
			["c.ts", ["a.ts"]],
			["d.ts", ["a.ts"]],
		]);
		expect(firstCycle(graph)).toEqual(["a.ts", "b.ts", "c.ts", "a.ts"]);
		expect(
			firstCycle(
				new Map([
					["a.ts", ["b.ts"]],
					["b.ts", []],
				]),
			),
		).toBeNull();
	});
});

/** Each function of a module (declarations, expressions, arrows, methods) and how many lines it spans. */
function functionLengths(file: string): { name: string; lines: number }[] {
	const source = ts.createSourceFile(file, readRepoFile(file), ts.ScriptTarget.Latest, true);
	const found: { name: string; lines: number }[] = [];
	const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
	const visit = (node: ts.Node) => {
		if (ts.isFunctionLike(node) && "body" in node && node.body !== undefined) {
			const named = (node as { name?: ts.Node }).name;
			const parent = node.parent;
			const name =
				named?.getText(source) ??
				(ts.isVariableDeclaration(parent) ? parent.name.getText(source) : "(anonymous)");
			found.push({
				name: `${file}:${lineOf(node.getStart(source)) + 1} ${name}`,
				lines: lineOf(node.end) - lineOf(node.getStart(source)) + 1,
			});
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

describe("search's functions stay short", () => {
	it("no function in src/search/ spans more than 50 lines", () => {
		const lengths = modulesUnder("src/search").flatMap(functionLengths);
		expect(lengths.length).toBeGreaterThan(100);
		expect(lengths.filter((f) => f.lines > 50).map((f) => `${f.name} (${f.lines} lines)`)).toEqual([]);
	});
});
