/** Japanese notes: about one token for every one or two characters, where the estimate assumes four. */
export const JAPANESE_HISTORY = Array.from(
  { length: 60 },
  (_, index) => `第${index + 1}便はロッテルダムの倉庫で${(index % 7) + 1}日遅れた。`,
).join('');

/** A short chat over the notes, in the role/content form both frameworks accept. */
export function japaneseChat() {
  return [
    { role: 'user' as const, content: JAPANESE_HISTORY },
    { role: 'assistant' as const, content: 'はい、記録しました。' },
    { role: 'user' as const, content: 'どの便が一番遅れましたか?' },
  ];
}
