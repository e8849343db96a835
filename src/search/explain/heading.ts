/**
 * The first line of search_sources' text block, made from what the search already found: it reads
 * nothing of its own. Every echo of the caller's text in it follows the contract's echo rule
 * (echoed: one line, invisible characters as their code points, at most 100 characters).
 */

import { echoed } from "../../text/one-line";
import type { RankedAmong } from "../execute/statement";
import { type LeftOut, leftOutText } from "../plan/left-out";
import type { MatchMode } from "../plan/plan";

interface HeadingInput {
	query: string;
	offset: number;
	shown: number;
	total: number;
	exact: boolean;
	mode: MatchMode;
	stopWordsOnly: boolean;
	leftOut: LeftOut;
	rankedAmong: RankedAmong | null;
	filters: { creator_handle: string | null; topic_id: string | null; platform: string | null };
	/** For an empty answer filtered by a topic id the server does not know: the closest ones it does. */
	nearTopics: string[] | null;
}

function notesOf(h: HeadingInput): string[] {
	const among = h.rankedAmong;
	return [
		h.stopWordsOnly ? "only words that carry no meaning of their own: searched as written" : "",
		h.mode === "any_term" ? "any word; none had all" : "",
		h.leftOut.length > 0 ? leftOutText(h.leftOut) : "",
		among === null
			? ""
			: among.word === null
				? `ranked among the ${among.sources} most recently added`
				: `ranked among the ${among.sources} where "${among.word}" weighs most`,
	].filter((note) => note !== "");
}

/**
 * What a search that matched nothing was filtered by, so that an agent does not read "nothing on
 * this subject"; for a topic id the server does not know, the nearest ones it does. A creator is only
 * named: whether a handle has public sources is get_creator's answer, with its own read.
 */
function filteredBy(h: HeadingInput): string {
	const { filters, nearTopics: near } = h;
	const named = [
		filters.creator_handle === null ? "" : `creator_handle ${echoed(filters.creator_handle)}`,
		filters.topic_id === null ? "" : `topic_id "${echoed(filters.topic_id)}"`,
		filters.platform === null ? "" : `platform ${filters.platform}`,
	].filter((part) => part !== "");
	if (named.length === 0) return "";
	const topicHint =
		near === null
			? ""
			: `; topic ids are exact lower-case slugs${near.length > 0 ? `, the closest: ${near.join(", ")}` : " (get_public_manifest lists them)"}`;
	return ` with ${named.join(", ")}${topicHint}`;
}

export function searchHeading(h: HeadingInput): string {
	const notes = notesOf(h);
	const query = `"${echoed(h.query)}"`;
	if (h.shown === 0) {
		// Past the matches a pool holds, the notes say why "about N" match and none is shown.
		const why =
			h.total > 0
				? ` past offset ${h.offset} (there are ${h.exact ? "" : "about "}${h.total}${notes.map((note) => `; ${note}`).join("")})`
				: filteredBy(h);
		return `No public sources match ${query}${why}.`;
	}
	const count = `${h.exact ? "" : "About "}${h.total} public source${h.total === 1 ? "" : "s"} match${h.total === 1 ? "es" : ""}`;
	return `${count} ${query}${notes.length > 0 ? ` (${notes.join("; ")})` : ""}; showing ${h.offset + 1}-${h.offset + h.shown}:`;
}
