/**
 * What the parser reads of the search lexicon (src/search/vocabulary/lexicon.ts reads the lexicon
 * from the database): the parser needs its shape, never its reads.
 */
/** What the lexicon knows of a key: other forms searched with it, or the English form it is searched as. */
export interface LexiconEntry {
	alternatives: readonly string[];
	/** A Spanish form's English form (the first, should an operator have added more than one). */
	english?: string;
}

export type Lexicon = ReadonlyMap<string, LexiconEntry>;
