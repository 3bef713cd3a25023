/** Virtual time as a learner reads it: "31 s", "0.25 s". */
export function formatTime(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

/** A time of day on the virtual clock, "t = 31 s". */
export function formatInstant(ms: number): string {
  return `t = ${formatTime(ms)}`;
}

/** A time for the diagram's narrow axis: whole seconds, or one decimal ("29.7 s"). */
export function formatTick(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
