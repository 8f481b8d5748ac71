/**
 * The user's turns of the demo conversation. The second names a station code, so a
 * model with the `lookupStation` tool looks it up; the others are answered from the
 * retrieved handbook sections and the conversation so far.
 */
export const conversationTurns: readonly string[] = [
  'Which waterfront stations are closed first when the wind rises?',
  'Look up station WF-03 for me: how many docks does it have?',
  'At what wind speed is the whole service suspended, and who decides the suspension?',
  'When is the wind suspension lifted?',
];
