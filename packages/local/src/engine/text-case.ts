/**
 * Whether a text marks names and sentence starts with capitals: at least one letter in
 * 200 is a capital (English prose has several in 100; a text lower-cased by a pipeline,
 * or a transcript, has next to none). Reads at most the first 50,000 characters, so the
 * cost is bounded on any input.
 */
export function isCased(text: string): boolean {
  let letters = 0;
  let capitals = 0;
  const end = Math.min(text.length, 50_000);
  for (let at = 0; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code >= 97 && code <= 122) letters++;
    else if (code >= 65 && code <= 90) {
      letters++;
      capitals++;
    }
  }
  return letters > 0 && capitals * 200 >= letters;
}
