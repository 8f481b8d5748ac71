/**
 * The words of the engine tests' generated prose: names that open sentences, and a mix of
 * content words and stop words, so that sentences share words in varying measure.
 */
export const PROSE_NAMES = ['Belgrade', 'Oslo', 'Marta', 'Kestrel', 'Lisbon', 'Tanaka', 'Oduya'];

export const PROSE_WORDS = [
  'river',
  'harbour',
  'station',
  'battery',
  'invoice',
  'schedule',
  'engine',
  'garden',
  'council',
  'ledger',
  'bridge',
  'signal',
  'the',
  'of',
  'and',
  'with',
];
