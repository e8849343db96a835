/**
 * Where the tools read their counts from: the projection tables (one indexed row per call).
 * src/data/live-counts.ts computes the same counts from the public tables; tests hold the two equal
 * and the benchmarks compare their cost.
 */
export {
	projectedCreatorCounts as creatorCounts,
	projectedManifest as manifestCounts,
	projectedTopicSignal as topicSignal,
	projectedTopicView as topicView,
} from "./projected-counts";
