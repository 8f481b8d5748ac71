import { describe, expect, it } from 'vitest';
import { countTokens } from '../../packages/local/src/engine/tokenizer.ts';
import { paddedWithDistractors } from '../quality/padded-contexts.ts';
import { arcdPadded, readBuiltSet } from '../quality/sets.ts';
import type { SuiteExample } from '../quality/suite-example.ts';

function example(id: string, split: SuiteExample['split'], context: string, answer: string) {
  return { id, split, context, query: `About ${answer}?`, answers: [answer] } as SuiteExample;
}

const words = (name: string, count: number) => `${name} ${'word '.repeat(count).trim()}.`;

describe('contexts padded with other articles', () => {
  const examples = [
    example('a1', 'dev', `${words('Alpha', 20)}\n\n${words('Amber', 20)}`, 'Alpha'),
    example('a2', 'dev', `${words('Alpha', 20)}\n\n${words('Amber', 20)}`, 'Amber'),
    example('b1', 'dev', `${words('Beta', 30)}\n\n${words('holds Alpha too', 30)}`, 'Beta'),
    example('c1', 'dev', words('Gamma', 60), 'Gamma'),
    example('t1', 'test', words('Secret', 60), 'Secret'),
  ];

  it('pads each dev article with the next articles, never with test text or its own answers', () => {
    const padded = paddedWithDistractors(examples, 100);
    expect(padded.map((each) => each.id)).toEqual([
      'a1-padded',
      'a2-padded',
      'b1-padded',
      'c1-padded',
    ]);
    const alpha = padded[0]!.context as string;
    expect(alpha.startsWith(examples[0]!.context as string)).toBe(true);
    // Beta's second paragraph names Alpha, an answer of Alpha's article: left out.
    expect(alpha).toContain('Beta word');
    expect(alpha).not.toContain('holds Alpha too');
    expect(alpha).toContain('Gamma word');
    expect(padded[1]!.context).toBe(alpha);
    for (const each of padded) {
      expect(each.context as string).not.toContain('Secret');
      expect(countTokens(each.context as string)).toBeGreaterThanOrEqual(100);
      const lower = (each.context as string).toLowerCase();
      expect(lower.split(each.answers![0]!.toLowerCase()).length).toBeGreaterThan(1);
    }
  });

  it("builds ARCD's padded layout from its dev part, each answer once in its own article", () => {
    const set = arcdPadded();
    const dev = readBuiltSet('arcd').filter((each) => each.split === 'dev');
    expect(set.examples).toHaveLength(dev.length);
    set.examples.forEach((each, at) => {
      const own = dev[at]!.context as string;
      const context = each.context as string;
      expect(context.startsWith(own)).toBe(true);
      expect(countTokens(context)).toBeGreaterThanOrEqual(800);
      // No answer of any of the article's own questions in the padding.
      const padding = context.slice(own.length).toLowerCase();
      for (const other of dev.filter((question) => question.context === own)) {
        for (const answer of other.answers ?? []) {
          expect(padding).not.toContain(answer.toLowerCase());
        }
      }
    });
  });
});
