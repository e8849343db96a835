import { suggestTopics } from "../data/aggregates";
import type { PublicDb } from "../data/public-db";
import { findTopic } from "../data/topics";
import { echoed } from "../text/one-line";
import { ToolError } from "./tool";

/** The not-found answer shared by get_topic and get_topic_signal, with the nearest topic ids. */
export async function topicNotFound(db: PublicDb, topicId: string): Promise<ToolError> {
	const suggestions = await suggestTopics(db, topicId);
	return new ToolError(
		`No topic has the id "${echoed(topicId)}". ${
			suggestions.length > 0 ? `Closest topic ids: ${suggestions.join(", ")}. ` : ""
		}Topic ids are exact lower-case slugs; get_public_manifest lists every one.`,
	);
}

/**
 * Reads a topic's view in one round trip; null (no such topic) becomes the not-found answer. If the
 * read fails (a projection table unreadable), a topic that does not exist is still answered as not
 * found, since that needs only the topics table; an existing topic's failure stays a failure.
 */
export async function readTopic<T>(db: PublicDb, topicId: string, read: () => Promise<T | null>): Promise<T> {
	let view: T | null;
	try {
		view = await read();
	} catch (error) {
		if ((await findTopic(db, topicId)) === null) throw await topicNotFound(db, topicId);
		throw error;
	}
	if (view === null) throw await topicNotFound(db, topicId);
	return view;
}
