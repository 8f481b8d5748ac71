import { compressContext, countTokens } from '@ctxopt/local';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../test/support/property-runs.ts';

/**
 * Conversations through the public entry point: the turns that come back are whole
 * and in their original order, with or without a query, and the output stays within
 * the level's budget. The sentences are drawn so that messages differ in names,
 * numbers and small talk, and repeat each other, as chat histories do.
 */

const SENTENCES = [
  'That sounds great, tell me more.',
  'I see, that is interesting.',
  'Thanks, I will think about it.',
  'My sister Clara moved to Lisbon in March 2021.',
  'The meeting with Dr. Okafor is on Tuesday at 9:30.',
  'We decided to book the flight to Osaka for 14 May.',
  'I paid 1,240 euros for the new bike last week.',
  'Our team chose Postgres over MySQL for the billing service.',
  'I really like reading novels by Haruki Murakami.',
  'Can you recommend a good hiking trail near Denver?',
  'Sure! Try the trail to Chautauqua Park, about 5 km.',
  'Okay.',
  'Good morning, how are you today?',
  'I started learning the cello in September.',
];

const ROLES = ['user', 'assistant'] as const;

type ChatMessage = { role: 'user' | 'assistant'; content: string };

/** Forty messages of small talk with `facts` sent after the tenth. */
function smallTalkAround(facts: ChatMessage[]): ChatMessage[] {
  const smallTalk = [
    'Haha yes, that was such a fun evening with everyone.',
    'I know right, we should do that again sometime soon.',
    'Totally agree, it has been a long week at work though.',
    'Same here, I could really use a nap this afternoon.',
  ];
  const messages: ChatMessage[] = [];
  for (let at = 0; at < 40; at++) {
    messages.push({ role: ROLES[at % 2]!, content: smallTalk[at % smallTalk.length]! });
    if (at === 9) messages.push(...facts);
  }
  return messages;
}

const conversation = fc
  .array(
    fc.array(fc.integer({ min: 0, max: SENTENCES.length - 1 }), { minLength: 1, maxLength: 4 }),
    {
      minLength: 8,
      maxLength: 40,
    },
  )
  .map((messages) =>
    messages.map((sentences, at) => ({
      role: ROLES[at % 2]!,
      content: sentences.map((index) => SENTENCES[index]!).join(' '),
    })),
  );

const rendered = (messages: ReadonlyArray<{ role: string; content: string }>) =>
  messages.map((message) => `${message.role}: ${message.content}`);

/** Indexes of the input messages the output lines are, or -1 for a line that is none. */
function matchLines(output: string, lines: readonly string[]): number[] {
  let from = 0;
  return output.split('\n').map((line) => {
    const at = lines.indexOf(line, from);
    if (at >= 0) from = at + 1;
    return at;
  });
}

describe('compressContext on a conversation', () => {
  it('without a query keeps whole turns in their order, within the budget, when every turn fits it', () => {
    fc.assert(
      fc.property(
        conversation,
        fc.constantFrom('low', 'standard', 'ultra' as const),
        (messages, level) => {
          const lines = rendered(messages);
          const result = compressContext({ context: messages, level });
          if (result.status === 'skipped') return;
          const budget = Math.floor(result.inputTokens / result.targetRatio);
          expect(result.compressed.length).toBeGreaterThan(0);
          expect(result.compressedTokens).toBe(countTokens(result.compressed));
          expect(result.compressedTokens).toBeLessThanOrEqual(budget);
          if (lines.every((line) => countTokens(line) <= budget)) {
            const matched = matchLines(result.compressed, lines);
            expect(matched).not.toContain(-1);
          }
        },
      ),
      { numRuns: propertyRuns(150) },
    );
  });

  it('with a query keeps whole turns in their order when every turn is short next to the budget', () => {
    fc.assert(
      fc.property(
        conversation,
        fc.constantFrom('Where did Clara move?', 'When is the meeting?', 'What did the bike cost?'),
        (messages, query) => {
          const lines = rendered(messages);
          const result = compressContext({ context: messages, query, level: 'standard' });
          if (result.status === 'skipped') return;
          const budget = Math.floor(result.inputTokens / result.targetRatio);
          expect(result.compressedTokens).toBeLessThanOrEqual(budget);
          if (lines.every((line) => countTokens(line) <= 0.4 * budget)) {
            expect(matchLines(result.compressed, lines)).not.toContain(-1);
          }
        },
      ),
      { numRuns: propertyRuns(150) },
    );
  });

  it('without a query prefers the turn that states a fact over small talk and its repetitions', () => {
    const smallTalk = [
      'That sounds great, tell me more.',
      'I see, that is interesting.',
      'Thanks, I will think about it.',
      'Good morning, how are you today?',
    ];
    const messages = [];
    for (let at = 0; at < 24; at++) {
      messages.push({ role: ROLES[at % 2]!, content: smallTalk[at % smallTalk.length]! });
      if (at === 5) {
        messages.push({
          role: 'assistant' as const,
          content: 'Noted: your passport number ends in 4471 and it expires on 2 June 2027.',
        });
      }
    }
    const result = compressContext({ context: messages, level: 'standard' });
    expect(result.compressed).toContain(
      'assistant: Noted: your passport number ends in 4471 and it expires on 2 June 2027.',
    );
  });

  it('without a query keeps the news that opens each date-stamped session over the same kind of news deep inside it', () => {
    const opening = [
      'I adopted a puppy called Latte from the shelter on Maple Road.',
      'Fixed my old bicycle Comet in the garage by Birch Lane.',
      'Booked two tickets for Hamlet at the Globe on Friday.',
    ];
    const deep = [
      'Painted the fence of our cottage at Lake Tahoe on Sunday.',
      'Signed up for a pottery class with Marta at Clay Studio.',
      'Bought a used Honda Civic from a dealer in Fresno.',
    ];
    const talk = ['Haha nice.', 'Oh really?', 'Yes, totally.', 'Makes sense.', 'Cool, cool.'];
    const messages: { role: 'user' | 'assistant'; content: string }[] = [];
    for (let day = 0; day < 3; day++) {
      for (let at = 0; at < 20; at++) {
        let content = talk[(day + at) % talk.length]!;
        if (at === 0) content = `(2024-02-1${day}) Hey, how is it going?`;
        if (at === 1) content = opening[day]!;
        if (at === 15) content = deep[day]!;
        messages.push({ role: ROLES[at % 2]!, content });
      }
    }
    const result = compressContext({ context: messages, level: 'standard' });
    for (const news of opening) expect(result.compressed).toContain(news);
  });

  const FACT = 'Two whole months, at a house by the sea near Antalya.';
  it.each([
    {
      // The answer after the question that matches the query shares no word with it.
      name: 'the answer after the question that matches it',
      facts: [
        { role: 'assistant', content: 'I went on vacation to Turkey with my family last year.' },
        { role: 'user', content: 'Oh nice, how long did you stay in Turkey?' },
        { role: 'assistant', content: FACT },
      ],
      query: 'How long did she stay in Turkey?',
    },
    {
      // One speaker, three messages in a row: the fact comes after an aside.
      name: 'a fact sent two messages after the turn that matches it',
      facts: [
        { role: 'assistant', content: 'The trip to Turkey with my family was wonderful.' },
        { role: 'assistant', content: 'Honestly the best food ever.' },
        { role: 'assistant', content: FACT },
      ],
      query: 'How long was her trip to Turkey?',
    },
  ] satisfies Array<{ name: string; facts: ChatMessage[]; query: string }>)(
    'with a query keeps $name, though it shares no word with the query',
    ({ facts, query }) => {
      const messages = smallTalkAround(facts);
      for (const level of ['standard', 'ultra'] as const) {
        const result = compressContext({ context: messages, query, level });
        expect(result.compressed, level).toContain(`assistant: ${FACT}`);
      }
    },
  );

  it('with a query that names a day keeps what was said in the session of that day', () => {
    // Eight daily sessions, each stamped with its date. Every session talks about
    // cooking; the answer, in the session of 5 March, shares no word with the question.
    const days = ['01', '02', '03', '05', '06', '08', '09', '10'];
    const talk = [
      'I want to cook something new this week, any ideas for dinner?',
      'You could cook a risotto, it is easy to make and very filling.',
      'Cooking for friends is my favourite way to spend a weekend.',
      'I watched a cooking show about bread for two hours, haha.',
      'My neighbour gave me a cookbook of old family recipes from Sicily.',
      'Do you think it is worth buying a proper cast iron pan for cooking?',
      'Honestly I would cook more often if washing up were less of a chore.',
    ];
    const messages: ChatMessage[] = [];
    for (const day of days) {
      messages.push({ role: 'user', content: `(${day}.03.2024) Good evening! How was your day?` });
      messages.push({ role: 'assistant', content: 'Pretty calm, thanks. Anything new?' });
      if (day === '05') {
        messages.push({
          role: 'user',
          content: 'Made a huge pot of lentil soup with smoked paprika, enough for the whole week.',
        });
      }
      for (const line of talk) messages.push({ role: 'user', content: `${line} (${day})` });
    }
    const result = compressContext({
      context: messages,
      query: 'What did I cook on 5 March 2024?',
      level: 'standard',
    });
    expect(result.compressed).toContain('user: Made a huge pot of lentil soup with smoked paprika');
  });
  it('with a query does not take a speaker’s name for a second hop: the answer outranks their small talk', () => {
    // A group conversation passed as messages, each opening with who speaks. The turn
    // that best matches the question is Carol's; the answer is the doctor's reply. The
    // speaker's surname is a rare capitalised word of that turn, but it names who speaks
    // on each of her turns, not a second hop: her small talk must not crowd the answer out.
    const say = (speaker: string, text: string): ChatMessage => ({
      role: 'user',
      content: `${speaker}: ${text}`,
    });
    const others = [
      ['Chandler Bing', 'Could this coffee be any colder?'],
      ['Ross Geller', 'I spent the whole morning at the museum sorting fossils.'],
      ['Joey Tribbiani', 'How you doin?'],
      ['Monica Geller', 'Who moved the cushions on my couch?'],
      ['Rachel Green', 'Oh my God, this sweater is perfect.'],
      ['Phoebe Buffay', 'I wrote a new song about my cat.'],
      ['Chandler Bing', 'I am not great at the advice. Can I interest you in a sarcastic comment?'],
    ] as const;
    const smallTalk = [
      'Oh, I love them.',
      'Let it go, Ross.',
      'Thanks.',
      'Count faster.',
      'You are gonna kill me!',
      'Where is Susan?',
      'I am fine, really.',
      'Okay, okay.',
      'Not now.',
      'Breathe, everybody.',
    ];
    const messages: ChatMessage[] = [];
    for (const [round, line] of smallTalk.entries()) {
      for (const [speaker, text] of others) messages.push(say(speaker, text));
      messages.push(say('Carol Willick', line));
      if (round === 5) {
        messages.push(say('Carol Willick', 'Am I allowed to drink anything before the delivery?'));
        messages.push(
          say(
            'Dr. Franzblau',
            'Just ice chips for now, no real drink. They are at the nurses station.',
          ),
        );
      }
    }
    const result = compressContext({
      context: messages,
      query: 'What can Carol drink before the delivery?',
      level: 'ultra',
    });
    expect(result.compressed).toContain('user: Dr. Franzblau: Just ice chips for now');
  });
  it('with a query keeps a long answer turn over more short turns that each match less of the question', () => {
    // Thirty rounds of small talk, each with a short exclamation about the cake; the one
    // turn that answers is eight times as long and matches more of the question. Ranked
    // by score per token with too steep a cost, the short turns fill the budget first.
    const smallTalk = [
      'Could this coffee be any colder?',
      'I spent the whole morning at the museum sorting fossils.',
      'How you doin?',
      'Who moved the cushions on my couch?',
      'Oh my God, this sweater is perfect.',
      'I wrote a new song about my cat.',
    ];
    const exclamations = [
      'The cake!',
      'Cake again?',
      'No more cake.',
      'Is it a cake?',
      'I love cake.',
    ];
    const answer =
      'For the wedding she chose three tiers of lemon sponge cake, and the baker promised to bring it on Saturday morning, before the first guests arrive, with fresh raspberries on top and a name written in white chocolate.';
    const messages: ChatMessage[] = [];
    for (let round = 0; round < 30; round++) {
      for (const line of smallTalk) messages.push({ role: 'user', content: line });
      messages.push({ role: 'assistant', content: exclamations[round % exclamations.length]! });
      if (round === 9) messages.push({ role: 'assistant', content: answer });
    }
    const result = compressContext({
      context: messages,
      query: 'What wedding cake did Monica choose?',
      level: 'ultra',
    });
    expect(result.compressed).toContain(`assistant: ${answer}`);
  });
  it('with a query keeps the answer in the scene the question is about, though it shares no word with it', () => {
    // Scenes opened by a stamp in brackets. The question names what is said across one
    // scene (Marcel, the party); the answer comes five messages after the turn that
    // matches, and shares no word with the question, while other scenes mention the party.
    const scenes = [
      [
        ['Chandler Bing', 'Could this coffee be any colder?'],
        ['Joey Tribbiani', 'How you doin?'],
        ['Monica Geller', 'Who moved the cushions on my couch?'],
        ['Phoebe Buffay', 'I wrote a new song about my cat.'],
        ['Chandler Bing', 'Can I interest you in a sarcastic comment?'],
        ['Rachel Green', 'Oh my God, this sweater is perfect.'],
      ],
      [
        ['Ross Geller', 'I spent the whole morning at the museum sorting fossils.'],
        ['Joey Tribbiani', 'Pizza is here, who wants some?'],
        ['Monica Geller', 'The party is on Friday, bring a dish.'],
        ['Chandler Bing', 'Is it a costume thing?'],
        ['Rachel Green', 'I am not wearing a costume.'],
        ['Phoebe Buffay', 'My grandmother keeps her jewels in the freezer.'],
      ],
      [
        ['Joey Tribbiani', 'I got an audition for a soap opera.'],
        ['Chandler Bing', 'Is it for the monkey role?'],
        ['Joey Tribbiani', 'Very funny.'],
        ['Monica Geller', 'Break a leg, Joey.'],
        ['Rachel Green', 'What do you wear to a soap audition?'],
        ['Ross Geller', 'A shirt, I would think.'],
      ],
    ];
    const asked = [
      ['Ross Geller', 'Has anyone seen Marcel? The party guests are here.'],
      ['Monica Geller', 'He was on the couch a minute ago.'],
      ['Chandler Bing', 'Maybe he went to get a drink.'],
      ['Joey Tribbiani', 'I did not touch the sandwiches.'],
      ['Phoebe Buffay', 'Something is moving in the laundry basket.'],
      ['Rachel Green', 'Oh no, not in my room! I will get him.'],
    ];
    const messages: ChatMessage[] = [];
    const order = [...scenes, ...scenes.slice(0, 2), asked, scenes[2]!, ...scenes];
    for (const [number, scene] of order.entries()) {
      for (const [at, [speaker, text]] of scene.entries()) {
        const stamp = at === 0 ? `(Scene ${number + 1}) ` : '';
        messages.push({ role: 'user', content: `${stamp}${speaker}: ${text}` });
      }
    }
    const result = compressContext({
      context: messages,
      query: 'Where did Marcel hide during the party?',
      level: 'standard',
    });
    expect(result.compressed).toContain('user: Rachel Green: Oh no, not in my room!');
  });
  it('with a query that names one speaker keeps the turn of that speaker that answers, though it shares no other word', () => {
    // Two people chat for days. The question asks about Mira; the answer is Mira's own
    // turn, which shares no word with it but her name in its label, while Tomas's turns
    // share "living" with the question (his living room) and would crowd it out.
    const say = (speaker: string, text: string): ChatMessage => ({
      role: speaker === 'Mira' ? 'user' : 'assistant',
      content: `${speaker}: ${text}`,
    });
    const tomas = [
      'The living room lamp broke again last night, so we sat in the dark.',
      'We painted the living room a pale green over the long weekend.',
      'My cat sleeps on the living room rug until someone opens a tin.',
      'I moved the heavy sofa out of the living room with my brother.',
    ];
    const smallTalk = [
      [
        'Mira',
        'Haha yes, that was such a fun evening with everyone, we should really do that again sometime soon, maybe next month when the weather gets a little warmer outside.',
      ],
      ['Tomas', 'I know right, it has been a long week at work though, I could use a nap.'],
    ] as const;
    const answer =
      'I repair old clocks and broken pocket watches in a small workshop near the harbour, mostly for collectors who bring them from far away.';
    const messages: ChatMessage[] = [];
    for (let round = 0; round < 24; round++) {
      for (const [speaker, text] of smallTalk) messages.push(say(speaker, text));
      messages.push(say('Tomas', tomas[round % tomas.length]!));
      if (round === 7) messages.push(say('Mira', answer));
    }
    const result = compressContext(
      { context: messages, query: 'What does Mira do for a living?', level: 'ultra' },
      { explain: true },
    );
    expect(result.compressed).toContain(`user: Mira: ${answer}`);
    // The bonus is Mira's alone: Tomas's turns carry none.
    const signalOf = (text: string) =>
      result.explanation!.units.find((unit) => unit.text.includes(text))!.signals.turnSpeaker;
    expect(signalOf('I repair old clocks')).toBeGreaterThan(0);
    expect(signalOf('I moved the heavy sofa')).toBeUndefined();
  });
});
