/**
 * resources/list, resources/templates/list and resources/read, the same in both eras but for the
 * not-found error: 2026-07-28 answers -32602 with data.uri, the 2025 eras -32002 with data.uri.
 * The era modules add their own envelope fields (resultType, cache hints).
 */
import { MAX_READ_BYTES } from "../limits";
import { InvalidCursor, listResources, MARKDOWN, type ResourcePage } from "../resources/list";
import { type ResourceContents, ResourceNotFound, readResource } from "../resources/read";
import { MANIFEST_URI, MAX_URI_CHARS, URI_TEMPLATES } from "../resources/uris";
import { echoed } from "../text/one-line";
import type { ToolContext } from "../tools/tool";
import { degraded } from "./degraded";
import { ErrorCode, invalidParams, ProtocolError, refuseCursor } from "./jsonrpc";
import type { Era } from "./reply";

export const RESOURCE_TEMPLATES = [
	{
		uriTemplate: URI_TEMPLATES.source,
		name: "source",
		title: "A public source",
		description: `One public source by source_id (from search_sources or resources/list): metadata, creator, topics, up to 8 public passages and 3 applied evidence cards, both citation URLs. At most ${MAX_READ_BYTES} bytes.`,
		mimeType: MARKDOWN,
	},
	{
		uriTemplate: URI_TEMPLATES.creator,
		name: "creator",
		title: "A public creator",
		description:
			'One creator by handle (without "@"): profile, counts in this collection, top topics, latest sources.',
		mimeType: MARKDOWN,
	},
	{
		uriTemplate: URI_TEMPLATES.topic,
		name: "topic",
		title: "A topic",
		description:
			"One topic by exact topic_id: counts, the evidence gate (not a trend), sample sources, creators and insights.",
		mimeType: MARKDOWN,
	},
] as const;

/** resources/read in the guide's explorer: one URI to type, starting at a topic of the sample collection. */
export const RESOURCE_READ_FIELD = {
	hint: `${MANIFEST_URI}, or a template above with its argument filled in`,
	start: "base2026://topics/ai-overviews",
};

export async function listResourcePage(
	params: Record<string, unknown> | undefined,
	context: ToolContext,
): Promise<ResourcePage> {
	try {
		return await listResources(params?.cursor, context);
	} catch (error) {
		if (error instanceof InvalidCursor)
			throw invalidParams(
				"Invalid cursor: pass back a nextCursor exactly as resources/list returned it, or omit it.",
			);
		throw degraded("resources/list", error);
	}
}

export function listTemplates(params: Record<string, unknown> | undefined) {
	refuseCursor("resources/templates/list", params);
	return { resourceTemplates: RESOURCE_TEMPLATES };
}

export async function readResourceContents(
	params: Record<string, unknown> | undefined,
	context: ToolContext,
	era: Era,
): Promise<{ contents: ResourceContents[] }> {
	const uri = params?.uri;
	if (typeof uri !== "string" || uri.length === 0)
		throw invalidParams("resources/read needs params.uri: a resource URI from resources/list or a template.");
	try {
		return { contents: [await readResource(uri, context)] };
	} catch (error) {
		if (!(error instanceof ResourceNotFound)) throw degraded("resources/read", error);
		// The URI is the caller's own text: echoed in data only (cut when longer than any URI this
		// server reads), never in the message.
		throw new ProtocolError(
			200,
			era === "modern" ? ErrorCode.InvalidParams : ErrorCode.ResourceNotFound,
			"Resource not found: no public source, creator or topic has this URI. Use resources/list, the templates with completion/complete, or search_sources.",
			{ uri: uri.length <= MAX_URI_CHARS ? uri : echoed(uri) },
		);
	}
}
