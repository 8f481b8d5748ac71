import { describe, expect, it } from 'vitest';
import { LAYOUTS } from '../quality/layouts.ts';

const passages = [
  { title: 'Harbour "North"', text: 'The harbour opened in 1872. Ferries leave at dawn.' },
  { title: 'Station', text: 'The station has two platforms.' },
  { title: 'Market', text: 'The market is held on Fridays & Saturdays.' },
];

describe('the NQ layouts', () => {
  it.each(LAYOUTS.map((layout) => [layout.name, layout] as const))(
    '%s holds every passage text, and its separator parts one passage from the next',
    (_, layout) => {
      const { context, unitSeparator } = layout.render(passages);
      const units = context.split(unitSeparator);
      if (layout.name === 'JSON array') {
        expect(JSON.parse(context)).toEqual(passages);
      } else {
        expect(units).toHaveLength(passages.length);
      }
      passages.forEach((passage, at) => {
        const unit = layout.name === 'JSON array' ? units[at + 1]! : units[at]!;
        expect(unit).toContain(
          layout.name === 'JSON array' ? JSON.stringify(passage.text) : passage.text,
        );
      });
    },
  );
});
