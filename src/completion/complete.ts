/**
 * completion/complete for the resource templates' and the prompts' arguments: topic ids and public
 * creator handles by prefix, public source ids by id prefix (a value that starts like "src_") or by
 * word prefixes of their title (anything else). Every lookup is one bounded indexed read
 * (src/data/completions.ts) returning at most COMPLETION_MAX_VALUES.
 */
import {
	publicHandlesByPrefix,
	publicSourceIdsByPrefix,
	publicSourceIdsByTitle,
	titleWordsMatch,
	topicIdsByPrefix,
} from "../data/completions";
import type { PublicDb } from "../data/public-db";
import { COMPLETION_MAX_VALUES } from "../limits";
import type { CompletionKind } from "../prompts/prompt";
import { findPrompt } from "../prompts/registry";
import { URI_TEMPLATES } from "../resources/uris";
import { handleKey } from "../text/handle-key";
import { describeHiddenCharacter, findHiddenCharacter } from "../text/hidden-characters";
import { echoed } from "../text/one-line";

/** The params cannot be completed: a reference to nothing this server has, or a value it refuses. */
export class InvalidCompletion extends Error {}

export interface Completion {
	values: string[];
	total?: number;
	hasMore: boolean;
}

/** Longest value completed; a longer prefix can match no id, so it is answered without a read. */
const MAX_PREFIX_CHARS = 100;

const SOURCE_ID_START = "src_";

/** Caller-supplied names are looked up as data (a Map, Object.hasOwn), never as object keys: "__proto__" is not a template. */
const TEMPLATE_ARGUMENTS: ReadonlyMap<string, Partial<Record<string, CompletionKind>>> = new Map([
	[URI_TEMPLATES.source, { source_id: "source_id" }],
	[URI_TEMPLATES.creator, { handle: "handle" }],
	[URI_TEMPLATES.topic, { topic_id: "topic_id" }],
]);

const argumentKind = (args: Partial<Record<string, CompletionKind>>, name: string) =>
	Object.hasOwn(args, name) ? args[name] : undefined;

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value);

/** Which completion a reference's argument takes; undefined for an argument it does not complete. */
function kindOf(ref: unknown, argumentName: string): CompletionKind | undefined {
	if (!isObject(ref))
		throw new InvalidCompletion(
			'params.ref must be {type: "ref/resource", uri} or {type: "ref/prompt", name}.',
		);
	if (ref.type === "ref/resource" && typeof ref.uri === "string") {
		const args = TEMPLATE_ARGUMENTS.get(ref.uri);
		if (args === undefined)
			throw new InvalidCompletion(
				`Unknown resource template. The templates are ${Object.values(URI_TEMPLATES).join(", ")}.`,
			);
		return argumentKind(args, argumentName);
	}
	if (ref.type === "ref/prompt" && typeof ref.name === "string") {
		const prompt = findPrompt(ref.name);
		if (prompt === undefined) throw new InvalidCompletion(`Unknown prompt: "${echoed(ref.name)}".`);
		return argumentKind(prompt.complete, argumentName);
	}
	throw new InvalidCompletion(
		'params.ref must be {type: "ref/resource", uri} or {type: "ref/prompt", name}.',
	);
}

/** A source_id value that begins like an id is completed as one; anything else by the words of titles. */
const isIdPrefix = (prefix: string) =>
	prefix.startsWith(SOURCE_ID_START) || SOURCE_ID_START.startsWith(prefix);

/**
 * The arguments' own policy for a caller's strings (src/tools/shapes.ts, visibleArgument): a value
 * that would name a record (a topic id, a handle, a source id) holds nothing invisible at all, title
 * words what one line of text may; a character it refuses is named, never dropped.
 */
function refuseHidden(kind: CompletionKind, value: string): void {
	const asWords = kind === "source_id" && !isIdPrefix(value.trim().toLowerCase());
	const hit = findHiddenCharacter(value, asWords ? "text" : "identifier");
	if (hit !== null) throw new InvalidCompletion(`argument.value ${describeHiddenCharacter(hit)}; remove it.`);
}

async function lookup(db: PublicDb, kind: CompletionKind, value: string, limit: number): Promise<string[]> {
	switch (kind) {
		case "topic_id":
			return topicIdsByPrefix(db, value.trim().toLowerCase(), limit);
		case "handle":
			return publicHandlesByPrefix(db, handleKey(value), limit);
		case "source_id": {
			const prefix = value.trim().toLowerCase();
			if (isIdPrefix(prefix)) return publicSourceIdsByPrefix(db, prefix, limit);
			const match = titleWordsMatch(value);
			return match === null ? [] : publicSourceIdsByTitle(db, match, limit);
		}
	}
}

export async function complete(
	params: Record<string, unknown> | undefined,
	db: PublicDb,
): Promise<Completion> {
	const argument = params?.argument;
	if (!isObject(argument) || typeof argument.name !== "string" || typeof argument.value !== "string")
		throw new InvalidCompletion("params.argument must be {name, value}, both strings.");
	const kind = kindOf(params?.ref, argument.name);
	if (kind === undefined || [...argument.value].length > MAX_PREFIX_CHARS)
		return { values: [], hasMore: false };
	refuseHidden(kind, argument.value);
	const found = await lookup(db, kind, argument.value, COMPLETION_MAX_VALUES + 1);
	return { values: found.slice(0, COMPLETION_MAX_VALUES), hasMore: found.length > COMPLETION_MAX_VALUES };
}
