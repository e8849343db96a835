/**
 * Markdown renderings of the tools' answers, for resources/read. They render the very records the
 * tools return (get_source, get_creator, get_topic with get_topic_signal, get_public_manifest), each
 * with both citation URLs of every source, and stay under MAX_READ_BYTES: a long list is cut with a
 * line saying what was left out and which tool returns it. Every line with data in it goes through
 * `line`: oneLine, so stored text cannot start a line of its own (a forged heading or instruction),
 * and "<" and ">" as entities, so stored HTML is text to a client that renders the Markdown as HTML.
 */
import { MAX_READ_BYTES } from "../limits";
import { markupFree, oneLine } from "../text/one-line";
import { PUBLIC_BOUNDARY } from "../tools/constants";
import type { getCreatorTool } from "../tools/get-creator";
import type { getPublicManifestTool } from "../tools/get-public-manifest";
import type { getSourceTool } from "../tools/get-source";
import type { getTopicTool } from "../tools/get-topic";
import type { getTopicSignalTool } from "../tools/get-topic-signal";
import type { SourceRef } from "../tools/shapes";
import type { ToolOutput } from "../tools/tool";
import { clip, fitLines } from "./fit";

/** One line of a rendering with data in it. */
const line = (text: string) => markupFree(oneLine(text));

/** A free-text field, escaped before it is clipped, so the clip bounds what is sent. */
const field = (text: string, maxBytes: number) => clip(markupFree(text), maxBytes);

/**
 * Bytes one free-text field may take in a rendering's head (a summary, a bio, a description, a topic
 * list): with the corpus format's longest titles and URLs, the head stays well under the bound and
 * leaves room for the lists.
 */
const FIELD_MAX_BYTES = 1200;

/** How the rule names each field of PUBLIC_BOUNDARY.cite. */
const CITED_AS: Readonly<Record<string, string>> = {
	original_url: "original URL",
	source_page_url: "Base2026 source page URL",
};

const CITE_RULE = `Cite every source you use with both ${PUBLIC_BOUNDARY.cite
	.map((field) => `its ${CITED_AS[field] ?? field} (${field})`)
	.join(" and ")}. This is a bounded view of a curated collection: not ${PUBLIC_BOUNDARY.do_not_present_as
	.slice(0, -1)
	.join(", ")}, or ${PUBLIC_BOUNDARY.do_not_present_as.at(-1)}.`;

const foot = () => ["", "---", CITE_RULE];

const ref = (s: SourceRef) =>
	line(
		`- "${s.title}" by ${s.creator_handle} (${s.platform}, ${s.published_at}), source_id ${s.source_id}: original ${s.original_url} | source page ${s.source_page_url}`,
	);

const clock = (ms: number) => {
	const seconds = Math.floor(ms / 1000);
	return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
};

/**
 * Each rendering takes the record its tool answers with, typed by the tool's output schema, less what
 * it does not show: a schema change that a rendering depends on fails to compile here.
 */
type SourceRecord = Omit<ToolOutput<typeof getSourceTool>, "public_boundary">;

export function renderSource(record: SourceRecord): string {
	const { source } = record;
	const head = [
		line(`# ${source.title}`),
		"",
		line(`- source_id: ${source.source_id}`),
		line(
			`- Creator: ${source.creator.handle} (${source.creator.display_name}) ${source.creator.profile_url}`,
		),
		line(
			`- Platform: ${source.platform}; published ${source.published_at}; ${source.duration_seconds} s; language ${source.language}`,
		),
		line(`- Original URL: ${source.original_url}`),
		line(`- Source page URL: ${source.source_page_url}`),
		line(
			`- Topics: ${field(source.topics.map((t) => `${t.topic_id} (${t.label})`).join(", ") || "none", FIELD_MAX_BYTES)}`,
		),
		"",
		"## Summary",
		"",
		line(field(source.summary, FIELD_MAX_BYTES)),
		"",
		line(
			`## Public passages (${record.passages.length} of ${record.passages_total}; short public excerpts, not a transcript)`,
		),
		"",
	];
	const passages = record.passages.map((p) => line(`- [${clock(p.start_ms)}-${clock(p.end_ms)}] ${p.text}`));
	const cards = record.evidence_cards.map((c) =>
		line(
			`- ${c.card_id} on ${c.topic_id}${c.reviewed_at ? ` (reviewed ${c.reviewed_at})` : ""}: claim: ${c.claim} Evidence: ${c.evidence}`,
		),
	);
	const cardHeading = [
		"",
		line(
			`## Applied evidence cards (${record.evidence_cards.length} of ${record.evidence_cards_total}; what the creator claims, reviewed, not confirmed)`,
		),
		"",
	];
	return fitLines(
		head,
		[
			{ lines: passages, more: (n) => `- (${n} more passages: call get_source for them)` },
			{
				lines: [...cardHeading, ...(cards.length === 0 ? ["- none"] : cards)],
				more: (n) => `- (${n} more lines: call get_source)`,
			},
		],
		foot(),
		MAX_READ_BYTES,
	);
}

type CreatorRecord = Omit<ToolOutput<typeof getCreatorTool>, "public_boundary">;

export function renderCreator(record: CreatorRecord): string {
	const { creator, counts } = record;
	const head = [
		line(`# ${creator.handle} (${creator.display_name})`),
		"",
		line(`- Platform: ${creator.platform}; profile ${creator.profile_url}`),
		line(`- Bio: ${field(creator.bio, FIELD_MAX_BYTES) || "none"}`),
		counts === null
			? "- Counts: not yet projected (the creator was added after the last refresh)."
			: line(
					`- ${counts.public_sources} public sources in this collection on ${counts.topic_count} topics, as of ${counts.computed.computed_at} (not the creator's whole output)`,
				),
		"",
		"## Most covered topics",
		"",
	];
	const topics = (counts?.topics ?? []).map((t) =>
		line(`- ${t.topic_id} (${t.label}): ${t.source_count} sources`),
	);
	const samples = record.sample_sources.map(ref);
	return fitLines(
		head,
		[
			{ lines: topics.length === 0 ? ["- none"] : topics, more: (n) => `- (${n} more: call get_creator)` },
			{
				lines: ["", "## Latest public sources", "", ...(samples.length === 0 ? ["- none"] : samples)],
				more: (n) => `- (${n} more lines: call get_creator or search_sources with creator_handle)`,
			},
		],
		foot(),
		MAX_READ_BYTES,
	);
}

type TopicRecord = Omit<ToolOutput<typeof getTopicTool>, "public_boundary">;

type SignalRecord = Pick<ToolOutput<typeof getTopicSignalTool>, "signal" | "gates" | "note">;

export function renderTopic(record: TopicRecord, signal: SignalRecord): string {
	const { topic, counts } = record;
	const gates =
		signal.gates === null
			? "not yet projected"
			: Object.entries(signal.gates)
					.map(([name, g]) => `${name} ${g.count}/${g.threshold}${g.passed ? "" : " (failed)"}`)
					.join(", ");
	const head = [
		line(`# ${topic.label} (${topic.topic_id})`),
		"",
		line(field(topic.description, FIELD_MAX_BYTES) || "No description."),
		"",
		counts === null
			? "- Counts: not yet projected (the topic was added after the last refresh)."
			: line(
					`- ${counts.public_sources} public sources from ${counts.creators} creators, ${counts.applied_insights} applied insights, as of ${counts.computed.computed_at}`,
				),
		line(`- Evidence gate: ${signal.signal} (${gates}). ${signal.note}`),
		"",
		"## Latest public sources",
		"",
	];
	const sources = record.sample_sources.map(ref);
	const creators = record.sample_creators.map((c) =>
		line(`- ${c.handle} (${c.display_name}): ${c.source_count} sources on this topic`),
	);
	const insights = record.sample_insights.map((i) =>
		line(
			`- ${i.card_id} from ${i.source_id}${i.reviewed_at ? ` (reviewed ${i.reviewed_at})` : ""}: ${i.claim}`,
		),
	);
	const more = (n: number) => `- (${n} more lines: call get_topic)`;
	return fitLines(
		head,
		[
			{ lines: sources.length === 0 ? ["- none"] : sources, more },
			{
				lines: [
					"",
					"## Creators with the most sources",
					"",
					...(creators.length === 0 ? ["- none"] : creators),
				],
				more,
			},
			{
				lines: [
					"",
					"## Latest applied insights (creators' claims, reviewed, not confirmed)",
					"",
					...(insights.length === 0 ? ["- none"] : insights),
				],
				more,
			},
		],
		foot(),
		MAX_READ_BYTES,
	);
}

type Manifest = ToolOutput<typeof getPublicManifestTool>;

type ManifestRecord = Pick<Manifest, "dimensions" | "topics" | "endpoints"> & {
	protocol: Pick<Manifest["protocol"], "supported">;
	policy: Pick<
		Manifest["policy"],
		| "rate_limit_per_minute"
		| "shared_egress"
		| "search_limit_max"
		| "source_max_passages"
		| "source_max_cards"
	>;
};

export function renderManifest(record: ManifestRecord): string {
	const d = record.dimensions;
	const head = [
		"# The Base2026 public collection",
		"",
		d === null
			? "- Counts: no projection refresh has run yet."
			: line(
					`- ${d.public_sources} public sources (${Object.entries(d.sources_by_platform)
						.map(([p, n]) => `${p} ${n}`)
						.join(
							", ",
						)}) from ${d.creators} creators on ${d.topics} topics; ${d.public_passages} public passages; ${d.applied_insights} applied insights; as of ${d.computed.computed_at}`,
				),
		line(`- MCP endpoint: ${record.endpoints.mcp}; guide: ${record.endpoints.guide}`),
		line(`- Source pages: ${record.endpoints.source_page_template}`),
		line(`- Protocol: ${record.protocol.supported.join(", ")}`),
		line(
			`- Limits: ${record.policy.rate_limit_per_minute} JSON-RPC messages per minute; search limit up to ${record.policy.search_limit_max}; at most ${record.policy.source_max_passages} passages and ${record.policy.source_max_cards} cards per source`,
		),
		...record.policy.shared_egress.map((platform) =>
			line(
				`- ${platform.publisher}'s published range ${platform.ranges.join(", ")}: one client, ${platform.rate_limit_per_minute} messages per minute for all its agents`,
			),
		),
		"",
		"## Topics (read base2026://topics/{topic_id})",
		"",
	];
	const topics = record.topics.map((t) => line(`- ${t.topic_id}: ${t.label}`));
	return fitLines(
		head,
		[{ lines: topics, more: (n) => `- (${n} more topics: call get_public_manifest or page resources/list)` }],
		foot(),
		MAX_READ_BYTES,
	);
}
