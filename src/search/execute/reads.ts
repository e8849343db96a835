/**
 * The reads of one search: at most two round trips (on the edge each is a network hop). The first
 * plan's statement; when it began with a census that disagreed with its guess (or its whole ranking
 * found nothing and a fallback stands in), the plan the census settled, in a second. For an empty
 * answer filtered by a topic id the server does not know, the closest ones it does (from the
 * isolate's copy: no read of its own).
 */
import { topicIdsNearUnknown } from "../../data/aggregates";
import type { PublicDb } from "../../data/public-db";
import { type Plan, type PlanInput, settle } from "../plan/plan";
import { EMPTY_PAGE, runStatement, type SearchPage } from "./statement";

export interface Searched {
	/** The plan that answered. */
	plan: Plan;
	page: SearchPage;
	/** An empty answer filtered by a topic id the server does not know: the closest ones it does; else null. */
	nearTopics: string[] | null;
}

/** The plan that answers, and its page: the first plan's, or the one its census settled. */
async function answeringPlan(
	db: PublicDb,
	input: PlanInput,
	first: Plan,
): Promise<Omit<Searched, "nearTopics">> {
	const answered = await runStatement(db, first);
	const ranEmpty =
		answered.ran && first.census !== null && first.ranking.by === "whole" && answered.page.total === 0;
	if (answered.census === null || (answered.ran && !ranEmpty))
		return { plan: { ...first, census: null }, page: answered.page };
	const settled = settle(input, first, answered.census, ranEmpty);
	if (settled.ranking.by === "none") return { plan: settled, page: EMPTY_PAGE };
	return { plan: settled, page: (await runStatement(db, settled)).page };
}

/** The search's reads; for an empty answer filtered by a topic id, the closest known ones (the isolate's copy). */
export async function readSearch(db: PublicDb, input: PlanInput, first: Plan): Promise<Searched> {
	const searched = await answeringPlan(db, input, first);
	const empty = searched.page.rows.length === 0 && searched.page.total === 0;
	const topicId = input.scope.filters.topicId;
	const nearTopics = empty && topicId !== null ? await topicIdsNearUnknown(db, topicId) : null;
	return { ...searched, nearTopics };
}
