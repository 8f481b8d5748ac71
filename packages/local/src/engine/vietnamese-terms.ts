/**
 * Vietnamese words as the scorer sees them, in a text written in Vietnamese
 * (text-language.ts). Vietnamese writes a space between syllables, not words, so the
 * engine's terms are syllables, and the grammar's function words, one syllable each, are
 * among the commonest of them: "là" (is), "được" (the passive), "các" and "những" (the
 * plural), "một" (a), and the question words "gì" (what), "ai" (who), "bao nhiêu" (how
 * many). Without a list they weigh as content words, and in "Ai là người đã phát thảo
 * Go?" (who drafted Go?) a sentence holding "là", "người" and "đã" ranked with the one
 * that names the drafters.
 */

/**
 * Function words of a Vietnamese grammar, one syllable each: the copula and the markers
 * of tense, aspect, voice and negation; plural markers, numerals used as articles,
 * classifiers and demonstratives; personal pronouns; question words. Syllables as often
 * part of a content word ("người", person; "nước", water or country) are not in it.
 *
 * Neither are prepositions and conjunctions, which a Vietnamese question writes as the
 * sentence that answers it does ("sinh ra tại?", born at?, against "sinh tại làng...",
 * born in the village of...), so they carry the relation the question asks for.
 * Vietnamese Wikipedia QA dev, 2x / 4x / 10x: 99.5 / 96.5 / 82.7% without a list, 99.7 /
 * 97.2 / 83.7% with this one (8 questions gained, none lost), 99.5 / 96.2 / 80.4% with the
 * prepositions alone, 99.7 / 97.5 / 80.2% with the prepositions and conjunctions too.
 */
export const VIETNAMESE_STOP_WORDS =
  // the copula; tense, aspect, voice and negation
  (
    'là được bị đã đang sẽ có không chưa cũng vẫn đều rất ' +
    // plural markers, numerals as articles, classifiers, demonstratives
    'các những một mọi mỗi này đó kia ấy cái chiếc ' +
    // personal pronouns
    'nó họ tôi ta chúng mình ' +
    // question words
    'gì nào đâu ai sao bao nhiêu mấy'
  ).split(' ');
