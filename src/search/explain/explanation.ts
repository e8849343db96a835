/**
 * How the answer explains itself, read from the plan that answered (src/search/plan/plan.ts): the
 * terms as read (interpreted_as), what was not required and why (terms_left_out), which match mode
 * answered, and, for a crowded match, the pool it was ranked among (ranked_among). The terms are as
 * the query wrote them: whoever shows them echoes them by the contract's echo rule.
 */
import type { RankedAmong, SearchPage } from "../execute/statement";
import type { Planned } from "../plan/kept";
import type { LeftOut } from "../plan/left-out";
import type { MatchMode, Plan } from "../plan/plan";
import { termForms } from "../query/terms";

export interface Explanation {
	mode: MatchMode;
	queryTruncated: boolean;
	/** The query's every term in order, with the other forms searched for it. */
	interpretedAs: { term: string; phrase: boolean; alternatives: string[] }[];
	/** What the search did not require, the plan's reasons first, then those decided before it. */
	termsLeftOut: LeftOut;
	rankedAmong: RankedAmong | null;
	stopWordsOnly: boolean;
}

export function explanationOf(planned: Planned, plan: Plan, page: SearchPage): Explanation {
	return {
		mode: plan.mode,
		queryTruncated: planned.parsed.truncated,
		interpretedAs: planned.ordered.map((t) => ({
			term: t.text,
			phrase: t.quoted,
			alternatives: termForms(t).slice(1),
		})),
		termsLeftOut: [...plan.leftOut, ...planned.leftOut],
		rankedAmong: page.rankedAmong,
		stopWordsOnly: planned.stopWordsOnly,
	};
}
