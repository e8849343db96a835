/**
 * resources/read: the resource a URI names, rendered from the answer of the tool that serves the same
 * record (the tools' answer functions are called, never their queries copied), so a read holds
 * exactly what the tool would: public rows only, the same bounds, both citation URLs. Anything the
 * tool would not find (unknown, unpublished, removed, a malformed URI) is ResourceNotFound, with no
 * suggestion: a resource read names exactly one thing.
 */
import * as v from "valibot";
import { getCreatorTool } from "../tools/get-creator";
import { getPublicManifestTool } from "../tools/get-public-manifest";
import { getSourceTool } from "../tools/get-source";
import { getTopicTool } from "../tools/get-topic";
import { type Tool, type ToolContext, ToolError } from "../tools/tool";
import { answerTopicSignal } from "../tools/topic-signal-answer";
import { MARKDOWN } from "./list";
import { renderCreator, renderManifest, renderSource, renderTopic } from "./render";
import { parseResourceUri } from "./uris";

/** The URI names nothing public. */
export class ResourceNotFound extends Error {
	constructor(readonly uri: string) {
		super("Resource not found");
	}
}

export interface ResourceContents {
	uri: string;
	mimeType: string;
	text: string;
}

/** Runs a tool's answer with validated arguments; a refusal or a not-found is ResourceNotFound. */
async function answer<Input extends v.GenericSchema, Output extends v.GenericSchema>(
	tool: Tool<Input, Output>,
	args: v.InferInput<Input>,
	uri: string,
	context: ToolContext,
): Promise<v.InferOutput<Output>> {
	const parsed = v.safeParse(tool.input, args);
	if (!parsed.success) throw new ResourceNotFound(uri);
	try {
		return (await tool.run(parsed.output, context)).structured;
	} catch (error) {
		if (error instanceof ToolError) throw new ResourceNotFound(uri);
		throw error;
	}
}

export async function readResource(uri: unknown, context: ToolContext): Promise<ResourceContents> {
	if (typeof uri !== "string") throw new ResourceNotFound(String(uri));
	const ref = parseResourceUri(uri);
	if (ref === null) throw new ResourceNotFound(uri);
	let text: string;
	switch (ref.kind) {
		case "manifest":
			text = renderManifest(await answer(getPublicManifestTool, {}, uri, context));
			break;
		case "source":
			text = renderSource(await answer(getSourceTool, { source_id: ref.id }, uri, context));
			break;
		case "creator":
			text = renderCreator(await answer(getCreatorTool, { handle: ref.id }, uri, context));
			break;
		case "topic": {
			const topic = await answer(getTopicTool, { topic_id: ref.id }, uri, context);
			const signal = (await answerTopicSignal({ topic_id: topic.topic.topic_id }, context)).structured;
			text = renderTopic(topic, signal);
			break;
		}
	}
	return { uri, mimeType: MARKDOWN, text };
}
