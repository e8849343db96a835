/**
 * Exchanges recorded from the endpoint by `npm run capture` (scripts/capture.ts), and the research
 * session told over them: the guide shows them in every language, so a visitor can see what the
 * server really answers without sending anything, and still when the endpoint is down or the
 * visitor's budget is spent. test/workers/recordings.test.ts captures the same set again and fails
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
	"not-found",
	"argument-error",
	"rate-limited",
] as const;
export type ExchangeKey = (typeof EXCHANGE_KEYS)[number];

/** The research session's steps: the exchanges above that it is told over, in its order. */
export const SESSION_STEPS = [
	"search",
	"get-source",
	"get-topic-signal",
] as const satisfies readonly ExchangeKey[];

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

/** The answer a person wrote from the session's recorded results, in every page language. */
const SessionAnswerSchema = v.object({
	question: v.object(inEveryLanguage(v.string())),
	/** The capture it was written from (its captured_at): a new capture needs the answer read again. */
	written_from: v.string(),
	claims: v.array(
		v.object({
			source_id: v.string(),
			/** Words of a recorded answer about that source, exactly as returned. */
			quote: v.pipe(v.string(), v.minLength(1)),
			/** The claim, with {quote} where the quoted words go and {creator} for the source's creator. */
			...inEveryLanguage(Claim),
		}),
	),
});

export type RecordedExchange = v.InferOutput<typeof RecordedExchangeSchema>;
export type RecordedRequest = RecordedExchange["request"];
export type Recording = v.InferOutput<typeof RecordingSchema>;
export type SessionAnswer = v.InferOutput<typeof SessionAnswerSchema>;

/** The response headers a recording keeps: the ones the protocol or a client acts on. */
export const RECORDED_RESPONSE_HEADERS = ["content-type", "cache-control", "retry-after", "allow"] as const;

/** Checked on first use (the guide is built lazily), so a bad file fails the guide, never the endpoint. */
let checked: { recording: Recording; answer: SessionAnswer } | undefined;

export function recordings(): { recording: Recording; answer: SessionAnswer } {
	checked ??= {
		recording: v.parse(RecordingSchema, RECORDING),
		answer: v.parse(SessionAnswerSchema, SESSION_ANSWER),
	};
	return checked;
}

/** An answer file read as the guide reads data/recorded-session-answer.json (npm run capture checks one). */
export const parseSessionAnswer = (value: unknown): SessionAnswer => v.parse(SessionAnswerSchema, value);

/** The sources the session's recorded answers describe (the search's hits and the source it opened): what a claim may cite. */
export function sessionSourceIds(recording: Recording): Set<string> {
	const ids = new Set<string>();
	for (const exchange of recording.exchanges) {
		const content = (
			exchange.response.body as {
				result?: {
					structuredContent?: { results?: { source_id?: unknown }[]; source?: { source_id?: unknown } };
				};
			} | null
		)?.result?.structuredContent;
		if (exchange.key === "search")
			for (const hit of content?.results ?? []) if (typeof hit.source_id === "string") ids.add(hit.source_id);
		if (exchange.key === "get-source" && typeof content?.source?.source_id === "string")
			ids.add(content.source.source_id);
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
