/** The median of the benches' repeated measures: the lower middle value of an even count, 0 of none. */
export const median = (values: number[]): number => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted.length === 0 ? 0 : (sorted[Math.floor((sorted.length - 1) / 2)] as number);
};
