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

/** Every problem of a recording's text, each naming where it is: "search response.body.result….original_url: …". */
export function recordingProblems(recording: Recording): string[] {
	const problems: string[] = [];
	const visit = (value: unknown, path: string, key: string): void => {
		if (typeof value === "string") {
			const hidden = findHiddenCharacter(value, "multiline");
			if (hidden !== null) problems.push(`${path} ${describeHiddenCharacter(hidden)}`);
			if (isUrlField(key) && !isHttpUrl(value))
				problems.push(`${path} is not an http(s) URL: ${JSON.stringify(value.slice(0, 80))}`);
			return;
		}
		if (Array.isArray(value)) {
			for (const [i, item] of value.entries()) visit(item, `${path}[${i}]`, key);
			return;
		}
		if (value !== null && typeof value === "object")
			for (const [childKey, child] of Object.entries(value)) {
				const hidden = findHiddenCharacter(childKey, "identifier");
				if (hidden !== null) problems.push(`${path} has a key that ${describeHiddenCharacter(hidden)}`);
				visit(child, `${path}.${childKey}`, childKey);
			}
	};
	visit(recording.url, "url", "url");
	visit(recording.server, "server", "server");
	for (const exchange of recording.exchanges) {
		visit(exchange.request, `${exchange.key} request`, "request");
		visit(exchange.response, `${exchange.key} response`, "response");
	}
	return problems;
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
