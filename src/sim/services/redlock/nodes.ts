/* Redlock's five nodes: what its settings and its panel name them, kept apart from the model. */

/** Named R1–R5 so that no node can be taken for renewer A or B. */
export const REDLOCK_NODES = ['R1', 'R2', 'R3', 'R4', 'R5'] as const;
export type RedlockNodeId = (typeof REDLOCK_NODES)[number];
