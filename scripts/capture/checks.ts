/**
 * What `npm run capture` refuses to store: the endpoint it records may be anyone's (--url), and the
 * guide shows what it stores. Every string of a recording (keys included) holds to the rule for
 * stored multi-line text (src/text/hidden-characters.ts), every URL field (`url`, `*_url`) is an
 * absolute http(s) URL, and the session answer must cite only sources the recording returned.
 */

import { type Recording, type SessionAnswer, sessionSourceIds } from "../../src/pages/guide/recordings";
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

/** The claims of an answer that cite a source the recording did not return. */
export function answerProblems(recording: Recording, answer: SessionAnswer): string[] {
	const recorded = sessionSourceIds(recording);
	return answer.claims.flatMap((claim, i) =>
		recorded.has(claim.source_id)
			? []
			: [`claim ${i + 1} cites ${claim.source_id}, a source the recorded session did not return`],
	);
}
