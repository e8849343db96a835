/**
 * The one shape of every operator command (`npm run content`, `lexicon`, `projections:refresh`,
 * `verify`, `deploy`, `start`, `corpus:import`, `corpus:generate`): `main(argv)` returns the exit
 * code, `--help` / `-h` prints the usage, a command line the command cannot act on is one `FAIL` line
 * and the usage (exit 2), and a refusal or a failure is one `FAIL` line, never a stack (exit 1).
 * Writing, and reading back what was written, is each command's own business.
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

/** A command line the command cannot act on: answered with the usage, exit 2. */
export class UsageError extends Error {}

export interface Command<T extends { help: boolean }> {
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
