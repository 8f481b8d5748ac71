import { describe, expect, it } from 'vitest';
import { renderContext } from './render-context.ts';
import { segment } from './segment.ts';
import { speakerLabels, speakerTerms } from './speaker-labels.ts';
import { indexUnits } from './unit-index.ts';

const user = (content: string) => ({ role: 'user' as const, content });

function labelsOf(contents: string[]): string[] {
  const { text, labels } = renderContext(contents.map(user));
  return speakerLabels(text, labels).map(({ start, end }) => text.slice(start, end));
}

describe('speakerLabels', () => {
  it('finds the name that opens each message, after a stamp in brackets', () => {
    expect(
      labelsOf([
        '(Scene 1) Joey Tribbiani: How could someone get a hold of your credit card number?',
        'Monica Geller: I have no idea.',
        '#NOTE#: (Carol arrives.)',
        'Joey Tribbiani: Hey.',
        '(29.12.2023) Monica Geller: Hi!',
        'Casting Director No. 2: Next.',
        '#NOTE#: (They leave.)',
        'Casting Director No. 2: Name?',
      ]),
    ).toEqual([
      'Joey Tribbiani',
      'Monica Geller',
      '#NOTE#',
      'Joey Tribbiani',
      'Monica Geller',
      'Casting Director No. 2',
      '#NOTE#',
      'Casting Director No. 2',
    ]);
  });

  it('takes a name for a speaker only when it opens two messages or more', () => {
    // "My plan:" opens one message: a heading of what follows, not who speaks.
    expect(
      labelsOf(['My plan: buy the tickets today.', 'emi: sounds good', 'emi: see you']),
    ).toEqual(['emi', 'emi']);
  });

  it('takes no colon without a space after it, nor a long clause, for a label', () => {
    expect(
      labelsOf([
        'https://example.com/a is the page',
        'https://example.com/b is the page',
        'The meeting is at 10:30 tomorrow.',
        'The meeting is at 10:30 tomorrow.',
        'I have three things to tell you today: first, the move.',
        'I have three things to tell you today: first, the move.',
      ]),
    ).toEqual([]);
  });

  it('gives the terms of every label once', () => {
    const { text, labels } = renderContext(
      ['Rachel Green: Oh, Monica.', 'Rachel Green: Stop it!', 'Ross Geller: What?'].map(user),
    );
    const index = indexUnits(text, segment(text, labels).units);
    const names = [...speakerTerms(text, speakerLabels(text, labels), index)].map(
      (id) => [...index.termIds].find(([, value]) => value === id)![0],
    );
    expect(names.sort()).toEqual(['green', 'rachel']);
  });
});
