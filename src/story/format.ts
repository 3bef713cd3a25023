/** Virtual time as a learner reads it: "31 s", "0.25 s". */
export function formatTime(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

/** How long a certificate has left at a moment, in whole days as people say it: "expires in 2 days". */
export function formatValidity(notAfterMs: number, atMs: number): string {
  const days = Math.round((notAfterMs - atMs) / 86_400_000);
  if (notAfterMs <= atMs) return 'has expired';
  if (days < 1) return 'expires within a day';
  return `expires in ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** A time for the diagram's narrow axis: whole seconds, or one decimal ("29.7 s"). */
export function formatTick(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}
