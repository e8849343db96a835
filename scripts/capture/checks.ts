/**
 * What `npm run capture` refuses to store: the endpoint it records may be anyone's (--url), and the
 * guide shows what it stores. Every string of a recording (keys included) holds to the rule for
 * stored multi-line text (src/text/hidden-characters.ts), every URL field (`url`, `*_url`) is an
 * absolute http(s) URL, and each session's answer must cite only sources and steps of that session.
 */

import {
	type ExchangeKey,
	type Recording,
	SESSION_KEYS,
	SESSIONS,
	type SessionAnswers,
	sessionSourceIds,
} from "../../src/pages/guide/recordings";
import { describeHiddenCharacter, findHiddenCharacter } from "../../src/text/hidden-characters";

/** A field whose value a page may turn into a link. */
const isUrlField = (key: string): boolean => key === "url" || key.endsWith("_url");

const isHttpUrl = (value: string): boolean => {
	try {
		const url = new URL(value);
		return url.protocol === "https:" || url.protocol === "http:";
	} catch {
		return false;
	}
};

/** Every problem of the text in `value` (keys included), each naming where it is under `path`. */
export function textProblems(value: unknown, path: string, key = ""): string[] {
	if (typeof value === "string") {
		const hidden = findHiddenCharacter(value, "multiline");
		return [
			...(hidden === null ? [] : [`${path} ${describeHiddenCharacter(hidden)}`]),
			...(isUrlField(key) && !isHttpUrl(value)
				? [`${path} is not an http(s) URL: ${JSON.stringify(value.slice(0, 80))}`]
				: []),
		];
	}
	if (Array.isArray(value)) return value.flatMap((item, i) => textProblems(item, `${path}[${i}]`, key));
	if (value === null || typeof value !== "object") return [];
	return Object.entries(value).flatMap(([childKey, child]) => {
		const hidden = findHiddenCharacter(childKey, "identifier");
		return [
			...(hidden === null ? [] : [`${path} has a key that ${describeHiddenCharacter(hidden)}`]),
			...textProblems(child, `${path}.${childKey}`, childKey),
		];
	});
}

/** Every problem of a recording's text, each naming where it is: "search response.body.result….original_url: …". */
export function recordingProblems(recording: Recording): string[] {
	return [
		...textProblems(recording.url, "url", "url"),
		...textProblems(recording.server, "server"),
		...recording.exchanges.flatMap((exchange) => [
			...textProblems(exchange.request, `${exchange.key} request`),
			...textProblems(exchange.response, `${exchange.key} response`),
		]),
	];
}

/** The claims of the answers that cite a source their session's recorded answers did not return, or a step of another session. */
export function answerProblems(recording: Recording, answers: SessionAnswers): string[] {
	return SESSION_KEYS.flatMap((session) => {
		const recorded = sessionSourceIds(recording, session);
		const steps: readonly ExchangeKey[] = SESSIONS[session];
		return answers.sessions[session].claims.flatMap((claim, i) => {
			if ("source_id" in claim)
				return recorded.has(claim.source_id)
					? []
					: [
							`${session} claim ${i + 1} cites ${claim.source_id}, a source the recorded session did not return`,
						];
			return steps.includes(claim.step)
				? []
				: [`${session} claim ${i + 1} cites step ${claim.step}, not one of the session's steps`];
		});
	});
}
