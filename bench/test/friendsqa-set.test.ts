import { describe, expect, it } from 'vitest';
import { detokenize } from '../quality/build-friendsqa-set.ts';
import { readBuiltSet } from '../quality/sets.ts';
import { expectSplitByConversation } from './built-set-parts.ts';

describe('FriendsQA set', () => {
  it('joins tokenized transcript text back the way it was written', () => {
    expect(detokenize("I do n't know , Ross . They 're gon na spend $ 69.95 ( on a mop ) !")).toBe(
      "I don't know, Ross. They're gonna spend $69.95 (on a mop)!",
    );
  });

  it('holds at least 300 dev questions over whole episodes, none in both parts', () => {
    const examples = readBuiltSet('friendsqa');
    expectSplitByConversation(examples);
    for (const example of examples) {
      // The evidence message is the one the labels name, in a conversation of many.
      const messages = example.context as Array<{ content: string }>;
      expect(messages.length).toBeGreaterThan(200);
      expect(messages[example.evidenceMessages![0]!]!.content).toBe(example.evidence![0]);
    }
  });
});
