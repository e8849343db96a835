import { INVISIBLE } from "./hidden-characters";

/**
 * Lookup key for a creator handle: what cannot be seen dropped (so `serp\u200b.nerd.nina` is
 * `serp.nerd.nina`), no leading "@", Unicode-normalised, case-folded. Pure, so the corpus importer
 * computes stored keys with the very function the Worker uses to look them up.
 */
export function handleKey(handle: string): string {
	// Dropped before NFKC, so a mark an invisible character kept apart from its letter composes with it.
	return handle.replace(INVISIBLE, "").trim().replace(/^@+/, "").normalize("NFKC").toLowerCase();
}
