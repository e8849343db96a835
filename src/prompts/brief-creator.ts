import * as v from "valibot";
import { lookupPublicCreator } from "../data/creators";
import { resourceUri } from "../resources/uris";
import { handleKey } from "../text/handle-key";
import { echoed, markupFree, oneLine } from "../text/one-line";
import { closestHandles } from "../tools/get-creator";
import { HandleArgument } from "./arguments";
import { CITATION_RULES, definePrompt, PromptArgumentError, userText } from "./prompt";

const Args = v.strictObject({ handle: HandleArgument });

export const briefCreatorPrompt = definePrompt({
	name: "brief_creator",
	title: "Brief on a creator",
	description:
		"A brief on one creator from their public sources in this collection: main topics, positions with the sources behind them, both URLs cited.",
	args: Args,
	startingArguments: { handle: "GEO.with.Grace" },
	complete: { handle: "handle" },
	async get(args, { db }) {
		const key = handleKey(args.handle);
		const { creator, suggestions } =
			key.length === 0 ? { creator: null, suggestions: [] } : await lookupPublicCreator(db, key);
		if (creator === null)
			throw new PromptArgumentError(
				oneLine(
					`No public creator has the handle "${echoed(args.handle)}".${closestHandles(suggestions)} completion/complete suggests handles by prefix.`,
				),
			);
		const handle = `@${creator.handle}`;
		const text = [
			oneLine(
				`Brief me on ${handle} (${creator.display_name}, ${creator.platform}) from the Base2026 collection of short-form SEO and AI search practitioner videos.`,
			),
			"",
			`1. Call get_creator with handle "${handle}" for their counts and most covered topics.`,
			`2. Call search_sources with creator_handle "${handle}" and the words of their top topics (limit 10).`,
			"3. Read three to five of their sources with get_source (public passages and applied evidence cards).",
			"4. Write a short brief: what they cover, the positions they take, each attributed to a source. The counts cover this collection only, not the creator's whole output.",
			"",
			CITATION_RULES,
			"",
			`The creator is also the resource ${resourceUri({ kind: "creator", id: creator.handle })}.`,
		].join("\n");
		// The message holds no markup of its own: stored text in it shows as text (markupFree).
		return { description: markupFree(oneLine(`Brief on ${handle}`)), messages: [userText(markupFree(text))] };
	},
});
