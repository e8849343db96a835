/**
 * One search as the tool asked for it, built once from the tool's arguments and carried whole by
 * every stage down to the statement's numbered parameters (src/search/execute/sql/params.ts). A new search
 * option is one field here, the stage that reads it, and the tool's schema: nothing in between
 * repacks it.
 */
export interface SearchFilters {
	creatorHandleKey: string | null;
	topicId: string | null;
	platform: string | null;
}

export interface SearchAsk {
	/** The caller's words as sent (the tool's schema bounds them). */
	query: string;
	filters: SearchFilters;
	limit: number;
	offset: number;
}

/** What the statement reads of the ask: all of it but the words, which planning has turned into terms. */
export type SearchScope = Omit<SearchAsk, "query">;

/** Every field of the ask but its words, for the statement. */
export const scopeOf = ({ query: _words, ...scope }: SearchAsk): SearchScope => scope;
