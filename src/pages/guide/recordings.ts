/**
 * Exchanges recorded from the endpoint by `npm run capture` (scripts/capture.ts), and the research
 * sessions told over them: the guide shows them in every language, so a visitor can see what the
 * server really answers without sending anything, and still when the endpoint is down or the
 * visitor's budget is spent. test/workers/pages/recordings.test.ts captures the same set again and fails
 * when a stored answer no longer matches the server's (ids, dates and timings aside).
 */
import * as v from "valibot";
import SESSION_ANSWER from "../../../data/recorded-session-answer.json";
import RECORDING from "../../../data/recordings.json";
import { LANGUAGES, type Language } from "../language";

/** The recorded exchanges, in the order they are captured and shown. */
export const EXCHANGE_KEYS = [
	"discover",
	"initialize",
	"tools-list",
	"search",
	"get-source",
	"get-topic-signal",
	"empty-search",
	"unknown-topic",
	"suggested-topic",
	"not-found",
	"argument-error",
	"rate-limited",
] as const;
export type ExchangeKey = (typeof EXCHANGE_KEYS)[number];

/**
 * The research sessions, in the order the guide shows them, each with its steps: the exchanges above
 * that it is told over, in its order. "covered": a question the collection holds evidence on, found,
 * read and gated. "uncovered": the hard cases, a question it holds nothing on (the search comes back
 * empty) and a tool error the agent recovers from (a guessed topic id, then the id the error offers).
 */
export const SESSIONS = {
	covered: ["search", "get-source", "get-topic-signal"],
	uncovered: ["empty-search", "unknown-topic", "suggested-topic"],
} as const satisfies Record<string, readonly ExchangeKey[]>;
export type SessionKey = keyof typeof SESSIONS;
export const SESSION_KEYS = Object.keys(SESSIONS) as SessionKey[];
export type SessionStep = (typeof SESSIONS)[SessionKey][number];
const SESSION_STEPS = SESSION_KEYS.flatMap((key) => SESSIONS[key]) as SessionStep[];

const Headers = v.record(v.string(), v.string());

const RecordedExchangeSchema = v.object({
	key: v.picklist(EXCHANGE_KEYS),
	request: v.object({
		method: v.literal("POST"),
		/** As sent, in the order sent: only the headers the protocol reads. */
		headers: Headers,
		body: v.unknown(),
	}),
	response: v.object({
		status: v.pipe(v.number(), v.integer()),
		/** Those the protocol or a client acts on (RECORDED_RESPONSE_HEADERS), lower-case. */
		headers: Headers,
		/** The JSON body, or null for none. */
		body: v.unknown(),
	}),
});

const RecordingSchema = v.object({
	/** ISO 8601, UTC: when the capture ran. */
	captured_at: v.pipe(v.string(), v.isoTimestamp()),
	/** The endpoint the requests went to. */
	url: v.pipe(v.string(), v.url()),
	/** What the server said it is (server/discover's serverInfo). */
	server: v.object({ name: v.string(), version: v.string() }),
	exchanges: v.array(RecordedExchangeSchema),
});

const Claim = v.pipe(v.string(), v.includes("{quote}"));

/** One schema per page language (LANGUAGES): a language added there is required of the file too. */
const inEveryLanguage = <S extends v.GenericSchema>(schema: S) =>
	Object.fromEntries(LANGUAGES.map((language) => [language, schema])) as Record<Language, S>;

/** What every claim holds: the words it quotes, and itself in every page language. */
const claimText = {
	/** Words of a recorded answer, exactly as returned. */
	quote: v.pipe(v.string(), v.minLength(1)),
	/** The claim, with {quote} where the quoted words go and {creator} for a cited source's creator. */
	...inEveryLanguage(Claim),
};

/**
 * A claim rests on one of two things: a source the session's answers returned (its words, linked to
 * the source), or a step's own answer (the tool's words, linked to the recorded exchange), which is
 * how a session says what the collection does not hold. Exactly one: a claim naming both is refused.
 */
const ClaimSchema = v.union([
	v.strictObject({ source_id: v.string(), ...claimText }),
	v.strictObject({ step: v.picklist(SESSION_STEPS), ...claimText }),
]);

/** One session's answer: its question and claims, in every page language. */
const SessionAnswerSchema = v.object({
	/**
	 * The language the session was recorded in: the question as it was asked, and the words its
	 * searches sent. A page in another language shows the question as asked, says so, and gives it
	 * in its own language too (the recorded searches are not in that language).
	 */
	recorded_in: v.picklist(LANGUAGES),
	question: v.object(inEveryLanguage(v.string())),
	claims: v.pipe(v.array(ClaimSchema), v.minLength(1)),
});

/** The answers a person wrote from the sessions' recorded results, one for every session (SESSIONS). */
const SessionAnswersSchema = v.object({
	/** The capture they were written from (its captured_at): a new capture needs them read again. */
	written_from: v.string(),
	sessions: v.object(
		Object.fromEntries(SESSION_KEYS.map((key) => [key, SessionAnswerSchema])) as Record<
			SessionKey,
			typeof SessionAnswerSchema
		>,
	),
});

export type RecordedExchange = v.InferOutput<typeof RecordedExchangeSchema>;
export type RecordedRequest = RecordedExchange["request"];
export type Recording = v.InferOutput<typeof RecordingSchema>;
export type SessionAnswers = v.InferOutput<typeof SessionAnswersSchema>;

/** The response headers a recording keeps: the ones the protocol or a client acts on. */
export const RECORDED_RESPONSE_HEADERS = ["content-type", "cache-control", "retry-after", "allow"] as const;

/** Checked on first use (the guide is built lazily), so a bad file fails the guide, never the endpoint. */
let checked: { recording: Recording; answers: SessionAnswers } | undefined;

export function recordings(): { recording: Recording; answers: SessionAnswers } {
	checked ??= {
		recording: v.parse(RecordingSchema, RECORDING),
		answers: v.parse(SessionAnswersSchema, SESSION_ANSWER),
	};
	return checked;
}

/** An answer file read as the guide reads data/recorded-session-answer.json (npm run capture checks one). */
export const parseSessionAnswers = (value: unknown): SessionAnswers => v.parse(SessionAnswersSchema, value);

/**
 * The sources a session's recorded answers describe (its searches' hits and the source it opened):
 * what a claim of that session may cite.
 */
export function sessionSourceIds(recording: Recording, session: SessionKey): Set<string> {
	const steps: readonly ExchangeKey[] = SESSIONS[session];
	const ids = new Set<string>();
	for (const exchange of recording.exchanges) {
		if (!steps.includes(exchange.key)) continue;
		const content = (
			exchange.response.body as {
				result?: {
					structuredContent?: { results?: { source_id?: unknown }[]; source?: { source_id?: unknown } };
				};
			} | null
		)?.result?.structuredContent;
		for (const hit of content?.results ?? []) if (typeof hit.source_id === "string") ids.add(hit.source_id);
		if (typeof content?.source?.source_id === "string") ids.add(content.source.source_id);
	}
	return ids;
}

/** The recorded exchange with this key (the capture records every one). */
export function recorded(key: ExchangeKey): RecordedExchange {
	const exchange = recordings().recording.exchanges.find((candidate) => candidate.key === key);
	if (exchange === undefined)
		throw new Error(`data/recordings.json has no ${key} exchange: run npm run capture`);
	return exchange;
}
