import { describe, expect, it } from 'vitest';
import type { MessageSpan } from './message-spans.ts';
import { messagesOfNamedDays, namedDays, sessionStampDate } from './session-dates.ts';

describe('namedDays', () => {
  it.each([
    ['Where was Kate on 31 Dec 2023?', { day: 31, month: 12, year: 2023 }],
    ['Where is Paola going on the 10th of February 2024?', { day: 10, month: 2, year: 2024 }],
    ['What did I read on May 6th?', { day: 6, month: 5 }],
    ['Did she take the test before December 23rd, 2023?', { day: 23, month: 12, year: 2023 }],
    ['What food did Paola cook on 22.01.2024?', { day: 22, month: 1, year: 2024 }],
    ['What changed on 2023-04-27?', { day: 27, month: 4, year: 2023 }],
    ['What did we ship on 1/9/2024?', { day: 9, month: 1, year: 2024 }],
  ])('reads the day %s names', (query, day) => {
    expect(namedDays(query)).toEqual([day]);
  });

  it('names no day for a month alone, a number or an impossible date', () => {
    expect(namedDays('In what month were they both sick?')).toEqual([]);
    expect(namedDays('Who sang in May?')).toEqual([]);
    expect(namedDays('How many of the 31 books did she read?')).toEqual([]);
    expect(namedDays('What happened on 45.13.2024?')).toEqual([]);
  });
});

describe('sessionStampDate', () => {
  it('reads a stamp after the role label in either order of day and month', () => {
    expect(sessionStampDate('user: (29.12.2023) Emi: Hey!')).toEqual({
      day: 29,
      month: 12,
      year: 2023,
    });
    expect(sessionStampDate('user: (2023-04-27) Hello, my name is Emily.')).toEqual({
      day: 27,
      month: 4,
      year: 2023,
    });
    expect(sessionStampDate('assistant: [12/30/2023] Morning!')).toEqual({
      day: 30,
      month: 12,
      year: 2023,
    });
    expect(sessionStampDate('user: see you at 10.30 then')).toBeUndefined();
  });
});

describe('messagesOfNamedDays', () => {
  // Three sessions: 29.12.2023 (messages 0-1), 1.1.2024 (2-3), 9.1.2024 (4-5).
  const messages = [
    'user: (29.12.2023) Emi: Hey! How are you?',
    'assistant: elise: Good, getting ready to go out.',
    'user: (01.01.2024) Emi: Happy new year!',
    'assistant: elise: This was it last night!',
    'user: (09.01.2024) Emi: Back at work today.',
    'assistant: elise: Same here.',
  ];
  /** The messages joined as the engine joins them, one span a message. */
  function conversation(texts: string[]): { text: string; spans: MessageSpan[] } {
    let start = 0;
    const spans = texts.map((message, at) => {
      const span = { message: at, first: at, last: at, start, end: start + message.length };
      start += message.length + 2;
      return { ...span, tokens: 10 };
    });
    return { text: texts.join('\n\n'), spans };
  }
  const { text, spans } = conversation(messages);

  it('flags every message of the session stamped with the named day', () => {
    expect([...messagesOfNamedDays(text, spans, 'What did Emi say on 29 Dec 2023?')]).toEqual([
      1, 1, 0, 0, 0, 0,
    ]);
  });

  it('flags the next session, within three days, when no session is stamped with the day', () => {
    expect([...messagesOfNamedDays(text, spans, 'Where was Elise on 31 Dec 2023?')]).toEqual([
      0, 0, 1, 1, 0, 0,
    ]);
    expect([...messagesOfNamedDays(text, spans, 'What happened on 4 January 2024?')]).toEqual([
      0, 0, 0, 0, 0, 0,
    ]);
  });

  it('flags nothing without a named day or without stamps', () => {
    expect(messagesOfNamedDays(text, spans, 'Where was Elise?').includes(1)).toBe(false);
    const plain = conversation(messages.map((message) => message.replace(/\(\S+\) /, '')));
    const flags = messagesOfNamedDays(plain.text, plain.spans, 'What did Emi say on 29 Dec 2023?');
    expect(flags.includes(1)).toBe(false);
  });
});
