import type { PublicDb } from "../data/public-db";
import { suggestTopicIds } from "../data/topics";
import { ToolError } from "./tool";

/** The not-found answer shared by get_topic and get_topic_signal, with the nearest topic ids. */
export async function topicNotFound(db: PublicDb, topicId: string): Promise<ToolError> {
	const suggestions = await suggestTopicIds(db, topicId);
	return new ToolError(
		`No topic has the id "${topicId}". ${
			suggestions.length > 0 ? `Closest topic ids: ${suggestions.join(", ")}. ` : ""
		}Topic ids are exact lower-case slugs; get_public_manifest lists every one.`,
	);
}
