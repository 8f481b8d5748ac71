import { compressContext } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';
import { isCased, isCaseless } from './text-case.ts';

describe('isCaseless', () => {
  it('tells a script without capitals from lower-cased text', () => {
    expect(isCaseless('ولد الكاتب في حي الجمالية بالقاهرة عام 1911.')).toBe(true);
    expect(isCaseless('東京は日本の首都である。')).toBe(true);
    expect(isCaseless('서울은 한국의 수도이다.')).toBe(true);
    expect(isCaseless('กรุงเทพมหานครเป็นเมืองหลวง')).toBe(true);
    // Lower-cased English and cased Russian or Greek are not.
    expect(isCaseless('the author was born in leeds and studied at girton college.')).toBe(false);
    expect(isCaseless('Москва — столица России.')).toBe(false);
    expect(isCaseless('Η Αθήνα είναι η πρωτεύουσα.')).toBe(false);
    // A few Latin names in an Arabic text leave it Arabic.
    expect(isCaseless('نادي مانشستر يونايتد لكرة القدم (بالإنجليزية: Manchester United)')).toBe(
      true,
    );
    expect(isCaseless('')).toBe(false);
    expect(isCased('ولد الكاتب في حي الجمالية')).toBe(false);
  });
});

describe('isCased', () => {
  it('reads the capitals of Greek and Cyrillic as it reads Latin ones', () => {
    // Names and sentence starts carry capitals in Russian and Greek as in English.
    expect(isCased('Москва — столица России. Город стоит на реке Москве.')).toBe(true);
    expect(isCased('Η Αθήνα είναι η πρωτεύουσα της Ελλάδας.')).toBe(true);
    expect(isCased('The author was born in Leeds.')).toBe(true);
    // The same texts lower-cased by a pipeline are not.
    expect(isCased('москва — столица россии. город стоит на реке москве.')).toBe(false);
    expect(isCased('η αθήνα είναι η πρωτεύουσα της ελλάδας.')).toBe(false);
  });
});

describe('the bridge pass in a script without capitals', () => {
  // Every word of the best units would stand for a name, and lift the sentences that share
  // any rare word with them ("الجمالية", a district, here) over the one that answers.
  const context = [
    'ولد الكاتب نجيب في حي الجمالية بالقاهرة عام 1911، وعاش نجيب طفولته بين أزقة الجمالية.',
    'ويقع حي الجمالية قرب الجامع الأزهر. وفي حي الجمالية أسواق قديمة ومساجد كثيرة.',
    'درس في جامعة القاهرة الفلسفة وتخرج فيها. وكان أول عمل حكومي له سكرتيرا في وزارة الأوقاف. ثم انتقل إلى وزارة الثقافة.',
    'ويزور السياح المقاهي القديمة في المدينة. وتطل الشرفات على الشوارع الضيقة.',
  ].join('\n\n');

  it('lends no bridge bonus, and keeps the answer', () => {
    const result = compressContext(
      { context, query: 'ما أول عمل حكومي شغله نجيب؟', level: 'standard' },
      { explain: true },
    );
    expect(result.compressed).toContain('سكرتيرا في وزارة الأوقاف');
    const bridged = result.explanation!.units.filter((unit) => (unit.signals.bridge ?? 0) > 0);
    expect(bridged.map((unit) => unit.text)).toEqual([]);
  });
});
