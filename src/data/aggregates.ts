/**
 * Where the tools read their counts from. One module, so the source of counts (live SQL now,
 * projection tables once they exist) changes in one place.
 */
export {
	liveCreatorCounts as creatorCounts,
	liveManifestCounts as manifestCounts,
	liveTopicCounts as topicCounts,
} from "./live-counts";
