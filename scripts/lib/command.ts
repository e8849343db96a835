/**
 * The one shape of every command a person runs (every script of package.json: `npm start`,
 * `npm test`, the checks, the operator commands, the benchmarks): `main(argv)` returns the exit code,
 * `--help` / `-h` prints the usage, a command line the command cannot act on is one `FAIL` line and
 * the usage (exit 2), and a refusal or a failure is one `FAIL` line, never a stack (exit 1).
 * test/commands/repository.test.ts runs every script with --help and with an unknown option. Writing, and
 * reading back what was written, is each command's own business.
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type ParseArgsOptionDescriptor, parseArgs } from "node:util";

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
const EXIT_USAGE = 2;

/** A command line the command cannot act on: answered with the usage, exit 2. */
export class UsageError extends Error {}

interface Command<T extends { help: boolean }> {
	usage: string;
	/** Reads the command line (node:util parseArgs, whose errors count as usage errors). */
	parse: (argv: string[]) => T;
	/** Does the work and returns the exit code; what it throws is one FAIL line. */
	run: (parsed: T) => number | Promise<number>;
}

const firstLine = (error: unknown) => String(error instanceof Error ? error.message : error).split("\n")[0];

export async function runCommand<T extends { help: boolean }>(
	argv: string[],
	command: Command<T>,
): Promise<number> {
	let parsed: T;
	try {
		parsed = command.parse(argv);
	} catch (error) {
		console.error(`FAIL ${firstLine(error)}\n\n${command.usage}`);
		return EXIT_USAGE;
	}
	if (parsed.help) {
		console.log(command.usage);
		return EXIT_OK;
	}
	try {
		return await command.run(parsed);
	} catch (error) {
		if (error instanceof UsageError) {
			console.error(`FAIL ${firstLine(error)}\n\n${command.usage}`);
			return EXIT_USAGE;
		}
		console.error(`FAIL ${error instanceof Error ? error.message : String(error)}`);
		return EXIT_FAILED;
	}
}

/**
 * Runs `main` with the process's arguments when `moduleUrl` is the script node was started with.
 * `exit`: end the process once main returns (a command that served until a signal may leave handles open).
 */
export function runWhenInvoked(
	moduleUrl: string,
	main: (argv: string[]) => Promise<number>,
	options: { exit?: boolean } = {},
): void {
	if (process.argv[1] === undefined || resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
	main(process.argv.slice(2)).then(
		(code) => {
			if (options.exit) process.exit(code);
			process.exitCode = code;
		},
		(error: unknown) => {
			console.error(`FAIL ${error instanceof Error ? error.message : String(error)}`);
			process.exitCode = EXIT_FAILED;
		},
	);
}

/** A numeric option's value, or a usage error that names it: "--rounds must be a number, not "x"". */
export function numberOption(name: string, value: string): number {
	const number = Number(value);
	if (value.trim() === "" || !Number.isFinite(number))
		throw new UsageError(`--${name} must be a number, not ${JSON.stringify(value)}`);
	return number;
}

/** A list of corpus sizes ("1000,10000,100000"), each a positive integer, or a usage error that names it. */
function sizesOption(value: string, name = "sizes"): number[] {
	const sizes = value.split(",").map((part) => part.trim());
	if (sizes.some((size) => !/^[1-9]\d*$/.test(size)))
		throw new UsageError(
			`--${name} takes positive whole numbers separated by commas, not ${JSON.stringify(value)}`,
		);
	return sizes.map(Number);
}

/**
 * An option's default, which says what it reads: a number (`--rounds 5`), a list of corpus sizes
 * (`--sizes 1000,10000`), a flag (false), a text, or a text with no default (OPTIONAL).
 */
type OptionDefault = number | readonly number[] | boolean | string | undefined;

/** The default of a text option that may be left out: read as the text given, or undefined. */
export const OPTIONAL: string | undefined = undefined;

type Read<D> = D extends number
	? number
	: D extends readonly number[]
		? number[]
		: D extends boolean
			? boolean
			: D extends string
				? string
				: D;

type CommandLine<S> = { help: boolean; positionals: string[] } & {
	-readonly [K in keyof S]: Read<S[K]>;
};

/** `cpuCalls` is read from `--cpu-calls`. */
const optionName = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * A command line read by its options' defaults, each option written once as a key and its default
 * (camelCase for `--kebab-case`), with `--help` / `-h` added: numbers and sizes are checked
 * (numberOption, sizesOption), an unknown option is a parseArgs error (a usage error to runCommand),
 * and arguments other than options are refused unless `positionals` allows them.
 */
export function readCommandLine<const S extends Record<string, OptionDefault>>(
	argv: string[],
	defaults: S,
	{ positionals = false } = {},
): CommandLine<S> {
	const options: Record<string, ParseArgsOptionDescriptor> = {
		help: { type: "boolean", short: "h", default: false },
	};
	for (const [key, value] of Object.entries(defaults))
		options[optionName(key)] =
			typeof value === "boolean"
				? { type: "boolean", default: value }
				: value === undefined
					? { type: "string" }
					: { type: "string", default: Array.isArray(value) ? value.join(",") : String(value) };
	const parsed = parseArgs({ args: argv, options, allowPositionals: positionals, strict: true });
	const read: Record<string, unknown> = { help: parsed.values.help, positionals: parsed.positionals };
	for (const [key, value] of Object.entries(defaults)) {
		const name = optionName(key);
		const given = parsed.values[name];
		read[key] =
			typeof value === "number"
				? numberOption(name, given as string)
				: Array.isArray(value)
					? sizesOption(given as string, name)
					: given;
	}
	return read as CommandLine<S>;
}
