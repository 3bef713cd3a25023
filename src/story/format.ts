/** Virtual time as a learner reads it: "31 s", "0.25 s". */
export function formatTime(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

/** A time for the diagram's narrow axis: whole seconds, or one decimal ("29.7 s"). */
export function formatTick(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
