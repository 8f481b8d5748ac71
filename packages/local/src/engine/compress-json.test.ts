import { compressContext } from '@ctxopt/local';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../test/support/property-runs.ts';

/** A context that is one JSON document comes back as valid JSON. */

const LEVELS = ['low', 'standard', 'ultra'] as const;

function response(count: number) {
  return {
    status: 'ok',
    total: count,
    items: Array.from({ length: count }, (_, index) => ({
      id: 1000 + index,
      name: `station-${index}`,
      location: { zone: `zone ${index % 7}`, latitude: 51.2 + index / 1000 },
      docks: { total: 20 + (index % 5), free: index % 11 },
      note: `Dock ${index} was inspected on day ${index % 28} and passed the brake check.`,
    })),
    owner: {
      login: 'kestrel-ops',
      id: 77,
      site_admin: false,
      contact: { email: 'ops@example.org' },
    },
  };
}

describe('compressContext on JSON', () => {
  it('gives back valid JSON for any JSON object or array, at every level', () => {
    const document = fc.oneof(
      fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 4 }), { minKeys: 1 }),
      fc.array(fc.jsonValue({ maxDepth: 4 }), { minLength: 1 }),
    );
    fc.assert(
      fc.property(
        document,
        fc.constantFrom(...LEVELS),
        fc.string({ maxLength: 20 }),
        (value, level, query) => {
          const context = JSON.stringify(value, null, 2);
          const result = compressContext({ context, level, ...(query.trim() ? { query } : {}) });
          expect(() => JSON.parse(result.compressed)).not.toThrow();
          if (result.status === 'compressed') {
            expect(result.compressedTokens).toBeLessThan(result.inputTokens);
          }
        },
      ),
      { numRuns: propertyRuns(150) },
    );
  });

  it('loses nothing while it can: minified first, then uniform arrays factored', () => {
    const stations = Array.from({ length: 30 }, (_, index) => ({
      station_id: 1000 + index,
      station_name: `Quay ${index}`,
      zone_code: `Z${index % 7}`,
      free_docks: index % 11,
      is_open: index % 3 > 0,
    }));
    const context = JSON.stringify({ stations }, null, 2);
    const minified = compressContext({ context, mode: 'conservative' });
    expect(minified.status).toBe('compressed');
    expect(minified.compressed).toBe(JSON.stringify({ stations }));
    // At 3x the minified text is over the budget; without the repeated keys it fits.
    const factored = JSON.parse(compressContext({ context, mode: 'balanced' }).compressed);
    expect(factored.stations.$columns).toEqual(Object.keys(stations[0]!));
    expect(factored.stations.$rows).toEqual(stations.map((station) => Object.values(station)));
  });

  it('prunes to the budget, keeping the path the query names and the structure around it', () => {
    const context = JSON.stringify(response(120), null, 2);
    for (const level of LEVELS) {
      const result = compressContext({
        context,
        query: 'What is `owner.contact.email` in this response?',
        level,
      });
      const parsed = JSON.parse(result.compressed);
      expect(parsed.owner.contact.email).toBe('ops@example.org');
      expect(result.compressedTokens).toBeLessThanOrEqual(
        Math.floor(result.inputTokens / { low: 2, standard: 4, ultra: 10 }[level]),
      );
      // Most of the budget is used: the first items of the array stay.
      expect(result.compressedTokens).toBeGreaterThan(
        result.inputTokens / { low: 2, standard: 4, ultra: 10 }[level] / 2,
      );
      expect(parsed.items[0].id).toBe(1000);
    }
  });

  it('keeps the array item a path through the items names', () => {
    const context = JSON.stringify(response(120), null, 2);
    const result = compressContext({ context, query: 'the docks.free counts', level: 'ultra' });
    const parsed = JSON.parse(result.compressed);
    const kept = parsed.items.filter(
      (item: { docks?: { free?: number } }) => item.docks?.free !== undefined,
    );
    expect(kept.length).toBeGreaterThan(10);
  });
});
