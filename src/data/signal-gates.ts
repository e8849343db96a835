/**
 * The deterministic evidence gate behind get_topic_signal. A topic is "strong" only when the public
 * collection holds enough independent evidence on it; this is a threshold check, never a trend.
 * projections/recompute.sql applies the same thresholds and stores them with each row.
 */
export const SIGNAL_THRESHOLDS = { sources: 5, creators: 2, applied_insights: 3 } as const;

export type GateName = keyof typeof SIGNAL_THRESHOLDS;

export const GATE_NAMES = Object.keys(SIGNAL_THRESHOLDS) as GateName[];
