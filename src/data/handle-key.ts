/**
 * Lookup key for a creator handle: no leading "@", Unicode-normalised, case-folded. Pure, so the
 * corpus importer computes stored keys with the very function the Worker uses to look them up.
 */
export function handleKey(handle: string): string {
	return handle.trim().replace(/^@+/, "").normalize("NFKC").toLowerCase();
}
