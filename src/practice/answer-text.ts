/**
 * Several right answers in one line of the printed key: answers that are sentences already end in their own
 * punctuation and are set side by side; phrases are separated by semicolons ("tokens.;" was the old join).
 */
export function joinAnswers(texts: readonly string[]): string {
  return texts.reduce((line, text, index) => {
    if (index === 0) return text;
    return `${line}${/[.!?]$/.test(line) ? ' ' : '; '}${text}`;
  }, '');
}
