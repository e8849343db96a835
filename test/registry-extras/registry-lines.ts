/**
 * How the registry-extras test build registers its extra tool, prompt and method: exactly as a
 * maintainer would, one import and one registry line in each registry file, and nothing else. A Vite
 * transform applies these lines to the three files as the Workers test build loads them (the
 * `registry-extras` project of vitest.config.ts); no other source file is touched, and
 * test/registry-extras/extras.test.ts checks both that the lines are all that changed and that the
 * extras appear everywhere the registries are listed. Pure string functions: the config (Node) and the
 * test (workerd) use them alike.
 */

interface RegistryLine {
	/** The registry file, from the repository root. */
	file: string;
	/** The exported array the entry joins. */
	array: string;
	/** The entry's name, as its test-only module exports it. */
	entry: string;
	/** Its test-only module, from the repository root, without extension. */
	module: string;
}

export const REGISTRY_LINES: readonly RegistryLine[] = [
	{
		file: "src/tools/registry.ts",
		array: "TOOLS",
		entry: "extraTool",
		module: "test/registry-extras/extra-tool",
	},
	{
		file: "src/prompts/registry.ts",
		array: "PROMPTS",
		entry: "extraPrompt",
		module: "test/registry-extras/extra-prompt",
	},
	{
		file: "src/mcp/methods.ts",
		array: "METHODS",
		entry: "extraMethod",
		module: "test/registry-extras/extra-method",
	},
];

/** The import path from one repository file to another module, as the registry file would write it. */
function relativeImport(from: string, to: string): string {
	const fromDirs = from.split("/").slice(0, -1);
	const toParts = to.split("/");
	let common = 0;
	while (common < fromDirs.length && fromDirs[common] === toParts[common]) common++;
	const up = fromDirs.length - common;
	return [...(up === 0 ? ["."] : Array<string>(up).fill("..")), ...toParts.slice(common)].join("/");
}

/**
 * The registry file's source with the line's import after its last one-line import and the entry on
 * a line of its own at the end of the array. Throws when the file no longer has the shape (a top-level
 * `export const ARRAY = [` closed by a line starting with `]`), so a change of shape fails the test
 * build loudly rather than testing nothing.
 */
export function withRegistryLine(source: string, line: RegistryLine): string {
	const lines = source.split("\n");
	const start = lines.findIndex(
		(text) => text.startsWith(`export const ${line.array}`) && text.endsWith("= ["),
	);
	if (start < 0) throw new Error(`${line.file}: no "export const ${line.array} = [" line`);
	const end = lines.findIndex(
		(text, i) => i > start && /^\](?: as const(?: satisfies [^;]+)?)?;$/.test(text),
	);
	if (end < 0) throw new Error(`${line.file}: ${line.array} has no closing "];" line`);
	lines.splice(end, 0, `\t${line.entry},`);
	let lastImport = -1;
	for (let i = 0; i < start; i++) if (/^import .* from "[^"]+";$/.test(lines[i] as string)) lastImport = i;
	if (lastImport < 0) throw new Error(`${line.file}: no import line to follow`);
	lines.splice(
		lastImport + 1,
		0,
		`import { ${line.entry} } from "${relativeImport(line.file, line.module)}";`,
	);
	return lines.join("\n");
}

/**
 * The registry line for a module id Vite loads (an absolute path), if it is one of the three files
 * loaded as a module (not as `?raw` text, which the test reads to compare).
 */
function registryLineFor(id: string): RegistryLine | undefined {
	if (id.includes("?")) return undefined;
	const path = id.replace(/\\/g, "/");
	return REGISTRY_LINES.find((line) => path.endsWith(`/${line.file}`));
}

/** The Vite plugin of the registry-extras project: the three registry lines, applied as the files load. */
export function registryExtras() {
	return {
		name: "registry-extras",
		enforce: "pre" as const,
		transform(code: string, id: string) {
			const line = registryLineFor(id);
			return line === undefined ? null : { code: withRegistryLine(code, line), map: null };
		},
	};
}
