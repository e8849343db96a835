/**
 * The corpus format: JSON lines, one record per line, discriminated by `kind`. These valibot schemas
 * are the single source of truth for what a record may hold; docs/corpus-format.md describes the same
 * rules in prose. Everything a single record can check about itself is checked here (field formats,
 * lengths, passage time ranges, aliases and URLs against the platform, state_reason, reviewed_at); rules that
 * need other records (unique ids, references, platform agreement with the creator) live in
 * validate.ts.
 *
 * Pure TypeScript (valibot only): imported by the Node scripts and by tests in the Workers runtime.
 * Lengths are JavaScript string lengths (UTF-16 code units).
 */
import * as v from "valibot";
import { MAX_SOURCE_REF_CHARS } from "../../src/data/sources";
import {
	describeHiddenCharacter,
	type FieldKind,
	findHiddenCharacter,
} from "../../src/text/hidden-characters";

export const PLATFORMS = ["tiktok", "youtube_shorts", "instagram_reels"] as const;
export type Platform = (typeof PLATFORMS)[number];

export const PUBLICATION_STATES = ["published", "unpublished", "removed"] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];

export const REVIEW_STATES = ["draft", "in_review", "applied", "rejected"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const ALIAS_KINDS = ["item_id", "video_id", "post_id", "original_url"] as const;
export type AliasKind = (typeof ALIAS_KINDS)[number];

/** The platform-id alias kind each platform uses (besides the `original_url` alias every source has). */
export const PLATFORM_ALIAS_KIND = {
	tiktok: "item_id",
	youtube_shorts: "video_id",
	instagram_reels: "post_id",
} as const satisfies Record<Platform, AliasKind>;

/**
 * The hosts a platform's profile and video URLs live on. A creator's profile_url and a source's
 * original_url must be on one of its platform's, over https, with no user name, password or port:
 * `https://www.tiktok.com@evil.example/x` is a URL of evil.example that only reads like TikTok's.
 */
export const PLATFORM_HOSTS = {
	tiktok: ["www.tiktok.com", "tiktok.com", "m.tiktok.com", "vm.tiktok.com"],
	youtube_shorts: ["www.youtube.com", "youtube.com", "m.youtube.com", "youtu.be"],
	instagram_reels: ["www.instagram.com", "instagram.com"],
} as const satisfies Record<Platform, readonly string[]>;

/**
 * Why `value` (an https URL, checked on its own) is not a URL of `platform`, or null when it is. The
 * host is compared as the URL parser reads it, after any user info, in lower case.
 */
export function platformUrlProblem(value: string, platform: Platform): string | null {
	let url: URL;
	try {
		url = new URL(value);
	} catch {
		return null;
	}
	const hosts: readonly string[] = PLATFORM_HOSTS[platform];
	const expected = `must be a ${platform} URL: https on ${hosts.join(", ")}, with no user name, password or port`;
	if (url.username !== "" || url.password !== "")
		return `${expected} (got user info "${url.username}${url.password ? ":…" : ""}" before "@", so its host is "${url.hostname}")`;
	if (url.port !== "") return `${expected} (got port ${url.port})`;
	if (!hosts.includes(url.hostname)) return `${expected} (got host "${url.hostname}")`;
	return null;
}

export const LIMITS = {
	idMax: 64,
	handleMax: 60,
	displayNameMax: 100,
	bioMax: 500,
	urlMax: 500,
	topicIdMax: 60,
	topicLabelMax: 80,
	topicDescriptionMax: 500,
	titleMax: 200,
	summaryMax: 1000,
	durationMax: 600,
	stateReasonMax: 300,
	topicsPerSourceMax: 10,
	aliasMax: MAX_SOURCE_REF_CHARS,
	aliasesPerSourceMax: 10,
	passagesMin: 1,
	passagesMax: 40,
	passageTextMax: 1200,
	claimMax: 400,
	evidenceMax: 1200,
} as const;

export const CREATOR_ID_REGEX = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;
/** No leading "@", no whitespace or control characters; any other Unicode is allowed. */
export const HANDLE_REGEX = /^[^\s@\p{Cc}][^\s\p{Cc}]*$/u;
export const TOPIC_ID_REGEX = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SOURCE_ID_REGEX = /^src_[a-z0-9]{6,40}$/;
export const CARD_ID_REGEX = /^card_[a-z0-9]{6,40}$/;
export const DATE_REGEX = /^\d{4}-\d{2}-\d{2}$/;
/** ISO 8601 date-time with seconds and an explicit zone, e.g. 2025-03-04T10:15:00Z or ...+01:00. */
export const DATETIME_REGEX =
	/^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,9})?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
export const LANGUAGE_REGEX = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;
export const DEFAULT_LANGUAGE = "en";

/** True when `yyyy-mm-dd` names a day that exists in the proleptic Gregorian calendar. */
export function isRealDate(value: string): boolean {
	if (!DATE_REGEX.test(value)) return false;
	const [y, m, d] = value.split("-").map(Number) as [number, number, number];
	if (m < 1 || m > 12 || d < 1) return false;
	const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
	const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] as number;
	return d <= days;
}

export function isIsoDateTime(value: string): boolean {
	const match = DATETIME_REGEX.exec(value);
	return match !== null && isRealDate(match[1] as string);
}

export function isHttpsUrl(value: string): boolean {
	if (!value.startsWith("https://")) return false;
	try {
		const url = new URL(value);
		return url.protocol === "https:" && url.hostname.length > 0 && !/\s/.test(value);
	} catch {
		return false;
	}
}

/**
 * Nothing the reader cannot see: controls (NUL included), line breaks outside multi-line text,
 * bidirectional controls, zero-width and other invisible characters (src/text/hidden-characters.ts
 * says which, and the exceptions real text needs). Reports the first one, by code point and position.
 */
function visible(kind: FieldKind) {
	return v.rawCheck<string>(({ dataset, addIssue }) => {
		if (!dataset.typed) return;
		const hit = findHiddenCharacter(dataset.value, kind);
		if (hit !== null) addIssue({ message: describeHiddenCharacter(hit) });
	});
}

/** A string of 1..max visible characters, not blank; one line unless `kind` is "multiline". */
function text(max: number, kind: "line" | "multiline") {
	return v.pipe(
		v.string("must be a string"),
		v.check((value) => value.trim().length > 0, "must not be empty or blank"),
		v.maxLength(max, (issue) => `must be at most ${max} characters (got ${issue.received})`),
		visible(kind),
	);
}

/** Like text() but may be empty (optional free text such as a bio); may span lines. */
function optionalText(max: number) {
	return v.optional(
		v.pipe(
			v.string("must be a string"),
			v.maxLength(max, (issue) => `must be at most ${max} characters (got ${issue.received})`),
			visible("multiline"),
		),
	);
}

function pattern(regex: RegExp, what: string, max: number) {
	return v.pipe(
		v.string("must be a string"),
		v.maxLength(max, (issue) => `must be at most ${max} characters (got ${issue.received})`),
		visible("identifier"),
		v.regex(regex, (issue) => `${what} (got ${issue.received})`),
	);
}

function oneOf<const T extends readonly string[]>(options: T) {
	return v.picklist(
		options,
		(issue) => `must be one of ${options.map((o) => `"${o}"`).join(", ")} (got ${issue.received})`,
	);
}

function int(min: number, max: number) {
	return v.pipe(
		v.number("must be a number"),
		v.integer("must be an integer"),
		v.minValue(min, `must be at least ${min}`),
		v.maxValue(max, `must be at most ${max}`),
	);
}

const httpsUrl = v.pipe(
	v.string("must be a string"),
	v.maxLength(
		LIMITS.urlMax,
		(issue) => `must be at most ${LIMITS.urlMax} characters (got ${issue.received})`,
	),
	visible("identifier"),
	v.check(isHttpsUrl, "must be an absolute https:// URL"),
);

/**
 * U+FFFD is what a decoder writes for bytes it could not read: a handle holding one was damaged on
 * the way, and stands for whichever creator's handle the lost bytes spelled.
 */
const noReplacementCharacter = v.rawCheck<string>(({ dataset, addIssue }) => {
	if (!dataset.typed) return;
	const position = [...dataset.value].indexOf("\uFFFD");
	if (position >= 0)
		addIssue({
			message: `contains U+FFFD REPLACEMENT CHARACTER at character ${position + 1} (what a decoder writes for bytes it could not read: the handle was damaged on the way)`,
		});
});

export const CreatorIdSchema = pattern(
	CREATOR_ID_REGEX,
	"must be 1-64 characters of letters, digits, '_', '.', ':' or '-', starting with a letter or digit",
	LIMITS.idMax,
);
export const HandleSchema = v.pipe(
	v.string("must be a string"),
	v.minLength(1, "must not be empty"),
	v.maxLength(
		LIMITS.handleMax,
		(issue) => `must be at most ${LIMITS.handleMax} characters (got ${issue.received})`,
	),
	visible("identifier"),
	v.regex(HANDLE_REGEX, "must not start with '@' and must not contain whitespace or control characters"),
	noReplacementCharacter,
);
export const TopicIdSchema = pattern(
	TOPIC_ID_REGEX,
	"must be a slug: lowercase letters and digits in words joined by single hyphens, like ai-overviews",
	LIMITS.topicIdMax,
);
export const SourceIdSchema = pattern(
	SOURCE_ID_REGEX,
	'must match ^src_[a-z0-9]{6,40}$, like "src_a1b2c3d4"',
	44,
);
export const CardIdSchema = pattern(
	CARD_ID_REGEX,
	'must match ^card_[a-z0-9]{6,40}$, like "card_a1b2c3d4"',
	45,
);
export const PlatformSchema = oneOf(PLATFORMS);

// ---------------------------------------------------------------------------------------------------
// creator

const creatorShape = v.strictObject({
	kind: v.literal("creator"),
	creator_id: CreatorIdSchema,
	handle: HandleSchema,
	display_name: text(LIMITS.displayNameMax, "line"),
	platform: PlatformSchema,
	profile_url: httpsUrl,
	bio: optionalText(LIMITS.bioMax),
});

export const CreatorRecordSchema = v.pipe(
	creatorShape,
	v.rawCheck(({ dataset, addIssue }) => {
		const creator = dataset.value;
		if (!isObject(creator)) return;
		const problem = urlOfPlatform(creator, "profile_url");
		if (problem !== null) addIssue({ message: problem, path: [at(creator, "profile_url")] });
	}),
);

// ---------------------------------------------------------------------------------------------------
// topic

export const TopicRecordSchema = v.strictObject({
	kind: v.literal("topic"),
	topic_id: TopicIdSchema,
	label: text(LIMITS.topicLabelMax, "line"),
	description: optionalText(LIMITS.topicDescriptionMax),
});

// ---------------------------------------------------------------------------------------------------
// source

export const AliasSchema = v.strictObject({
	kind: oneOf(ALIAS_KINDS),
	alias: v.pipe(
		v.string("must be a string"),
		v.minLength(1, "must not be empty"),
		v.maxLength(
			LIMITS.aliasMax,
			(issue) => `must be at most ${LIMITS.aliasMax} characters (got ${issue.received})`,
		),
		visible("identifier"),
		v.regex(/^\S+$/, "must not contain whitespace"),
	),
});

export const PassageSchema = v.strictObject({
	ordinal: int(1, LIMITS.passagesMax),
	start_ms: int(0, LIMITS.durationMax * 1000),
	end_ms: int(1, LIMITS.durationMax * 1000),
	text: text(LIMITS.passageTextMax, "multiline"),
});

const sourceShape = v.strictObject({
	kind: v.literal("source"),
	source_id: SourceIdSchema,
	creator_id: CreatorIdSchema,
	platform: PlatformSchema,
	original_url: httpsUrl,
	title: text(LIMITS.titleMax, "line"),
	summary: text(LIMITS.summaryMax, "multiline"),
	published_at: v.pipe(
		v.string("must be a string"),
		v.check(isRealDate, (issue) => `must be a real calendar date as YYYY-MM-DD (got ${issue.received})`),
	),
	duration_seconds: int(1, LIMITS.durationMax),
	language: v.optional(
		v.pipe(
			v.string("must be a string"),
			v.maxLength(35, "must be at most 35 characters"),
			v.regex(
				LANGUAGE_REGEX,
				(issue) => `must be a BCP 47 language tag like "en" or "pt-BR" (got ${issue.received})`,
			),
		),
		DEFAULT_LANGUAGE,
	),
	publication_state: oneOf(PUBLICATION_STATES),
	state_reason: v.optional(text(LIMITS.stateReasonMax, "line")),
	topic_ids: v.pipe(
		v.array(TopicIdSchema, "must be an array of topic ids"),
		v.minLength(1, "must name at least one topic"),
		v.maxLength(LIMITS.topicsPerSourceMax, `must name at most ${LIMITS.topicsPerSourceMax} topics`),
	),
	aliases: v.pipe(
		v.array(AliasSchema, "must be an array of {kind, alias} objects"),
		v.maxLength(LIMITS.aliasesPerSourceMax, `must hold at most ${LIMITS.aliasesPerSourceMax} aliases`),
	),
	passages: v.pipe(
		v.array(PassageSchema, "must be an array of passages"),
		v.minLength(LIMITS.passagesMin, "must hold at least one passage"),
		v.maxLength(LIMITS.passagesMax, `must hold at most ${LIMITS.passagesMax} passages`),
	),
});

type PathItems = [v.IssuePathItem, ...v.IssuePathItem[]];

function at(input: Record<string, unknown>, key: string): v.ObjectPathItem {
	return { type: "object", origin: "value", input, key, value: input[key] };
}

function item(input: unknown[], key: number): v.ArrayPathItem {
	return { type: "array", origin: "value", input, key, value: input[key] };
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isInt(value: unknown): value is number {
	return typeof value === "number" && Number.isInteger(value);
}

function isOneOf<T extends string>(options: readonly T[], value: unknown): value is T {
	return typeof value === "string" && (options as readonly string[]).includes(value);
}

/** Why a record's URL field is not on its platform's host; null when it is or either field is malformed. */
function urlOfPlatform(record: Record<string, unknown>, key: string): string | null {
	const value = record[key];
	if (!isOneOf(PLATFORMS, record.platform) || typeof value !== "string" || !isHttpsUrl(value)) return null;
	return platformUrlProblem(value, record.platform);
}

/**
 * Rules that relate the fields of one source to each other. Runs even when some field failed its own
 * schema (each rule only looks at fields that are well-formed), so one pass reports every problem.
 */
function checkSource(
	source: Record<string, unknown>,
	addIssue: (message: string, path: PathItems) => void,
): void {
	const urlProblem = urlOfPlatform(source, "original_url");
	if (urlProblem !== null) addIssue(urlProblem, [at(source, "original_url")]);

	const state = source.publication_state;
	if (state === "published" && source.state_reason !== undefined) {
		addIssue("is only allowed when publication_state is unpublished or removed", [
			at(source, "state_reason"),
		]);
	} else if ((state === "unpublished" || state === "removed") && source.state_reason === undefined) {
		addIssue(`is required when publication_state is "${state}"`, [at(source, "state_reason")]);
	}

	const topicIds = source.topic_ids;
	if (Array.isArray(topicIds)) {
		const seen = new Set<unknown>();
		topicIds.forEach((topicId, index) => {
			if (typeof topicId === "string" && seen.has(topicId)) {
				addIssue(`duplicate topic "${topicId}"`, [at(source, "topic_ids"), item(topicIds, index)]);
			}
			seen.add(topicId);
		});
	}

	const aliases = source.aliases;
	if (Array.isArray(aliases)) {
		const platform = isOneOf(PLATFORMS, source.platform) ? source.platform : undefined;
		const platformKind = platform ? PLATFORM_ALIAS_KIND[platform] : undefined;
		const seenKinds = new Set<string>();
		const seenAliases = new Set<string>();
		aliases.forEach((alias, index) => {
			if (!isObject(alias)) return;
			const path = (key: string): PathItems => [at(source, "aliases"), item(aliases, index), at(alias, key)];
			if (isOneOf(ALIAS_KINDS, alias.kind)) {
				if (platformKind && alias.kind !== "original_url" && alias.kind !== platformKind) {
					addIssue(`a ${platform} source takes "${platformKind}" aliases, not "${alias.kind}"`, path("kind"));
				}
				if (seenKinds.has(alias.kind)) addIssue(`more than one "${alias.kind}" alias`, path("kind"));
				seenKinds.add(alias.kind);
				if (
					alias.kind === "original_url" &&
					typeof source.original_url === "string" &&
					alias.alias !== source.original_url
				) {
					addIssue("the original_url alias must equal the source's original_url", path("alias"));
				}
			}
			if (typeof alias.alias === "string") {
				if (seenAliases.has(alias.alias)) addIssue("duplicate alias", path("alias"));
				seenAliases.add(alias.alias);
			}
		});
		if (!seenKinds.has("original_url")) {
			addIssue('must include an {"kind":"original_url"} alias equal to original_url', [
				at(source, "aliases"),
			]);
		}
	}

	const passages = source.passages;
	if (Array.isArray(passages)) {
		const duration = source.duration_seconds;
		const durationMs =
			isInt(duration) && duration >= 1 && duration <= LIMITS.durationMax ? duration * 1000 : undefined;
		let previousEnd: number | undefined;
		passages.forEach((passage, index) => {
			if (!isObject(passage)) return;
			const path = (key: string): PathItems => [
				at(source, "passages"),
				item(passages, index),
				at(passage, key),
			];
			const { ordinal, start_ms: start, end_ms: end } = passage;
			if (isInt(ordinal) && ordinal !== index + 1) {
				addIssue(`must be ${index + 1}: ordinals run 1..n in order (got ${ordinal})`, path("ordinal"));
			}
			if (isInt(start) && isInt(end) && end <= start) {
				addIssue(`must be greater than start_ms (${start})`, path("end_ms"));
			}
			if (isInt(end) && durationMs !== undefined && end > durationMs) {
				addIssue(`must be within the video: at most duration_seconds * 1000 = ${durationMs}`, path("end_ms"));
			}
			if (isInt(start) && previousEnd !== undefined && start < previousEnd) {
				addIssue(`overlaps the previous passage, which ends at ${previousEnd}`, path("start_ms"));
			}
			if (isInt(end)) previousEnd = Math.max(previousEnd ?? 0, end);
		});
	}
}

export const SourceRecordSchema = v.pipe(
	sourceShape,
	v.rawCheck(({ dataset, addIssue }) => {
		if (isObject(dataset.value)) checkSource(dataset.value, (message, path) => addIssue({ message, path }));
	}),
);

// ---------------------------------------------------------------------------------------------------
// card

const cardShape = v.strictObject({
	kind: v.literal("card"),
	card_id: CardIdSchema,
	source_id: SourceIdSchema,
	topic_id: TopicIdSchema,
	claim: text(LIMITS.claimMax, "line"),
	evidence: text(LIMITS.evidenceMax, "multiline"),
	review_state: oneOf(REVIEW_STATES),
	reviewed_at: v.optional(
		v.pipe(
			v.string("must be a string"),
			v.check(
				isIsoDateTime,
				(issue) =>
					`must be an ISO 8601 date-time with a zone, like 2025-03-04T10:15:00Z (got ${issue.received})`,
			),
		),
	),
});

export const CardRecordSchema = v.pipe(
	cardShape,
	v.rawCheck(({ dataset, addIssue }) => {
		const card = dataset.value;
		if (isObject(card) && card.review_state === "applied" && card.reviewed_at === undefined) {
			addIssue({ message: 'is required when review_state is "applied"', path: [at(card, "reviewed_at")] });
		}
	}),
);

// ---------------------------------------------------------------------------------------------------
// any record

export const RECORD_KINDS = ["creator", "topic", "source", "card"] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const CorpusRecordSchema = v.variant(
	"kind",
	[CreatorRecordSchema, TopicRecordSchema, SourceRecordSchema, CardRecordSchema],
	(issue) =>
		issue.received === "undefined"
			? `missing "kind": expected one of ${RECORD_KINDS.map((k) => `"${k}"`).join(", ")}`
			: `unknown record kind ${issue.received}: expected one of ${RECORD_KINDS.map((k) => `"${k}"`).join(", ")}`,
);

/** What a line of the file may hold (before defaults are applied). */
export type CorpusRecordInput = v.InferInput<typeof CorpusRecordSchema>;
/** A validated record (language defaulted to "en"). */
export type CorpusRecord = v.InferOutput<typeof CorpusRecordSchema>;
export type CreatorRecord = v.InferOutput<typeof CreatorRecordSchema>;
export type TopicRecord = v.InferOutput<typeof TopicRecordSchema>;
export type SourceRecord = v.InferOutput<typeof SourceRecordSchema>;
export type CardRecord = v.InferOutput<typeof CardRecordSchema>;
export type Alias = v.InferOutput<typeof AliasSchema>;
export type Passage = v.InferOutput<typeof PassageSchema>;

/** A record issue as `<dot path>: <message>` ("(record)" when it concerns the record as a whole). */
export interface RecordIssue {
	path: string;
	message: string;
}

function describeIssue(issue: v.BaseIssue<unknown>): RecordIssue {
	const path = v.getDotPath(issue) ?? "";
	const last = issue.path?.[issue.path.length - 1];
	// strictObject reports unknown keys (expected "never") and missing keys as key issues.
	if (issue.type === "strict_object" && last?.origin === "key") {
		return { path, message: issue.expected === "never" ? "unknown field" : "is required" };
	}
	if (issue.type === "strict_object" || issue.type === "variant") {
		if (issue.type === "variant" && path === "kind") return { path, message: issue.message };
		return { path: path || "(record)", message: `must be a JSON object (got ${issue.received})` };
	}
	if (issue.type === "literal" && path === "kind") {
		return { path, message: `must be ${issue.expected}` };
	}
	return { path: path || "(record)", message: issue.message };
}

export type RecordParse = { ok: true; record: CorpusRecord } | { ok: false; issues: RecordIssue[] };

/** Validate one parsed JSON value against the record schemas (no cross-record rules). */
export function parseRecord(value: unknown): RecordParse {
	if (typeof value !== "object" || value === null || Array.isArray(value)) {
		const got = value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
		return { ok: false, issues: [{ path: "(record)", message: `must be a JSON object (got ${got})` }] };
	}
	const result = v.safeParse(CorpusRecordSchema, value);
	if (result.success) return { ok: true, record: result.output };
	return { ok: false, issues: result.issues.map(describeIssue) };
}
