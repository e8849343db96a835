/**
 * What the parser reads of the search lexicon (src/search/vocabulary/lexicon.ts reads the lexicon
 * from the database): the parser needs its shape, never its reads.
 */
/**
 * What the lexicon knows of a key: other forms searched with it (keyed as the index stems them), or
 * the English form it is searched as (a Spanish form, keyed by its Spanish stems: spanishKey).
 */
export interface LexiconEntry {
	alternatives: readonly string[];
	/**
	 * A Spanish form's English form (the first, should an operator have added more than one). Read
	 * only when the key is looked up as Spanish: a Spanish stem can equal an English word's index key.
	 */
	english?: string;
}

export type Lexicon = ReadonlyMap<string, LexiconEntry>;
