/**
 * `npm run capture`: records the fixed set of exchanges (scripts/capture/exchanges.ts) from a running
 * server into data/recordings.json, which the guide shows in every language with its date and
 * origin. Local by default (`npm start` first); the live endpoint with --url. --check compares a
 * fresh capture with the stored one and changes nothing. What the endpoint answers is checked before
 * anything is written (scripts/capture/checks.ts): it may be anyone's server.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { RATE_LIMIT } from "../src/limits";
import { parseSessionAnswers, type Recording } from "../src/pages/guide/recordings";
import { answerProblems, recordingProblems } from "./capture/checks";
import { capture, staleExchanges } from "./capture/exchanges";
import { EXIT_FAILED, EXIT_OK, runCommand, runWhenInvoked, UsageError } from "./lib/command";
import { REPO_ROOT } from "./lib/dev-server";

const RECORDING_FILE = resolve(REPO_ROOT, "data", "recordings.json");
const ANSWER_FILE = resolve(REPO_ROOT, "data", "recorded-session-answer.json");
const DEFAULT_URL = "http://127.0.0.1:8787/api/mcp";
/** --answer's value that checks no answer: for a draft recording, never for the guide's own. */
const NO_ANSWER = "none";

export const USAGE = `usage: npm run capture -- [--url URL] [--check] [--out FILE] [--answer FILE]

  --url URL          the MCP endpoint to record (default ${DEFAULT_URL}, the one npm start serves)
  --check            capture and compare with the stored recording; write nothing, exit 1 if it differs
  --out FILE         where to write (default data/recordings.json)
  --answer FILE      the session answers the capture must hold every cited source of (default
                     data/recorded-session-answer.json); "none" for a draft written elsewhere with --out
  -h, --help         this text

Sends discover (2026-07-28), initialize (2025-11-25), tools/list, a search, get_source on its first
hit, get_topic_signal on that source's first topic (the covered session), a search that finds
nothing, get_topic on a misspelt id and again on the id its error offers (the uncovered session), a
not-found id, an argument error and pings until a 429: the last spends this address's whole budget of ${RATE_LIMIT.requests} messages for the minute.
Refuses, writing nothing, an answer holding a character the stored-text rule refuses, a URL field
that is not http(s), or a capture that lacks a source the session answer cites.
Writes the recording with its capture time, the server's version and the URL, then reads it back.
After a new capture, read data/recorded-session-answer.json again: its quotes must still be in the
recorded answers of their sessions (npm test checks them).`;

function parse(argv: string[]) {
	const { values, positionals } = parseArgs({
		args: argv,
		allowPositionals: true,
		options: {
			url: { type: "string", default: DEFAULT_URL },
			check: { type: "boolean", default: false },
			out: { type: "string", default: RECORDING_FILE },
			answer: { type: "string", default: ANSWER_FILE },
			help: { type: "boolean", short: "h", default: false },
		},
	});
	if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`);
	let url: URL;
	try {
		url = new URL(values.url);
	} catch {
		throw new UsageError(`--url ${JSON.stringify(values.url)} is not a URL`);
	}
	if (url.protocol !== "http:" && url.protocol !== "https:")
		throw new UsageError(`--url must be http or https, not ${url.protocol}`);
	const out = resolve(values.out);
	if (values.answer === NO_ANSWER && out === RECORDING_FILE)
		throw new UsageError(
			`--answer ${NO_ANSWER} is for a draft: the guide's recording must hold its answer's sources`,
		);
	const answer = values.answer === NO_ANSWER ? null : resolve(values.answer);
	return { url: url.href, check: values.check, out, answer, help: values.help };
}

const send = (request: Request) => fetch(request);

/** The answer file, read and checked as the guide reads it. */
function readAnswer(file: string) {
	try {
		return parseSessionAnswers(JSON.parse(readFileSync(file, "utf8")));
	} catch (error) {
		throw new Error(
			`${file} is not a session answer: ${error instanceof Error ? error.message : String(error)}`,
		);
	}
}

/** One line for a list of problems: the first, and how many more. */
const firstOf = (problems: string[]) =>
	`${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ""}`;

async function run({ url, check, out, answer }: ReturnType<typeof parse>): Promise<number> {
	let recording: Recording;
	try {
		recording = await capture(send, url);
	} catch (error) {
		const reason =
			error instanceof Error
				? error.cause instanceof Error
					? error.cause.message
					: error.message
				: String(error);
		throw new Error(`could not capture from ${url}: ${reason} (is the server running? npm start)`);
	}
	const refused = recordingProblems(recording);
	if (refused.length > 0)
		throw new Error(
			`${url} answered what the guide must not show, so nothing was written: ${firstOf(refused)}`,
		);
	if (check) {
		const stored = JSON.parse(readFileSync(out, "utf8")) as Recording;
		const stale = staleExchanges(stored, recording);
		if (stale.length === 0) {
			console.log(`${out} matches what ${url} answers now (ids, dates and timings aside).`);
			return EXIT_OK;
		}
		console.error(`${out} no longer matches what ${url} answers:\n  ${stale.join("\n  ")}`);
		return EXIT_FAILED;
	}
	if (answer !== null) {
		const uncited = answerProblems(recording, readAnswer(answer));
		if (uncited.length > 0)
			throw new Error(
				`${answer} does not fit this capture, so nothing was written: ${firstOf(uncited)}; write the answer from a draft (--out FILE --answer ${NO_ANSWER}) first`,
			);
	}
	const text = `${JSON.stringify(recording, null, "\t")}\n`;
	writeFileSync(out, text);
	if (readFileSync(out, "utf8") !== text)
		throw new Error(`read back ${out}: it does not hold what was written`);
	console.log(
		`Recorded ${recording.exchanges.length} exchanges from ${url} (${recording.server.name} ${recording.server.version}) at ${recording.captured_at} into ${out}; read back.`,
	);
	return EXIT_OK;
}

export function main(argv: string[]): Promise<number> {
	return runCommand(argv, { usage: USAGE, parse, run });
}

runWhenInvoked(import.meta.url, main);
