/**
 * Japanese function words: the particles, auxiliaries and question words that
 * `Intl.Segmenter` cuts out of a Japanese sentence as words of their own ("の", "を",
 * "について", "誰"). Nearly every sentence holds several, so without this list a sentence
 * sharing a question's particles outranks one sharing its content words. They are
 * written in kana (or are question words), so the list touches no other language's words.
 */
export const JAPANESE_STOP_WORDS = (
  'の に は を た が で て と し れ さ ある いる も する から な こと として い や れる など ' +
  'なっ ない この ため その あっ よう また もの という あり まで られ なる へ か だ これ ' +
  'によって により おり より による ず なり られる において ば なかっ なく しかし について ' +
  'せ だっ できる それ う ので なお のみ でき き つ における および いう さらに でも ら ' +
  'たり に関する たち ます ん なら に対して せる 及び これら とき では にて ほか ながら ' +
  'うち そして とともに ただし それぞれ または お ほど ものの に対する といった です とも ' +
  'ところ ここ 何 誰 どこ いつ どの どれ なぜ どう いくつ どのような どんな ですか'
).split(' ');
