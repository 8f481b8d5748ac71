import { compressContext } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';
import { findSentenceCuts } from './sentence-cuts.ts';

function sentences(text: string): string[] {
  const cuts = [0, ...findSentenceCuts(text, 0, text.length), text.length];
  return cuts.slice(1).map((end, at) => text.slice(cuts[at], end).trim());
}

describe('sentence ends beyond the Latin full stop', () => {
  it('ends a sentence at the danda, the Arabic question mark and the Urdu full stop', () => {
    expect(sentences('राम घर गया। सीता स्कूल गई।')).toEqual(['राम घर गया।', 'सीता स्कूल गई।']);
    expect(sentences('هل ذهب أحمد؟ نعم ذهب.')).toEqual(['هل ذهب أحمد؟', 'نعم ذهب.']);
    expect(sentences('وہ گھر گیا۔ وہ واپس آیا۔')).toEqual(['وہ گھر گیا۔', 'وہ واپس آیا۔']);
    expect(sentences('ខ្ញុំចូលចិត្តភាសាខ្មែរ។ គាត់ទៅផ្សារ។')).toEqual(['ខ្ញុំចូលចិត្តភាសាខ្មែរ។', 'គាត់ទៅផ្សារ។']);
  });

  it('ends a Thai sentence at a space, but not a phrase or a list item set off by one', () => {
    const first = 'ประเทศไทยแบ่งเขตการปกครองออกเป็นหลายระดับ (เช่น จังหวัด อำเภอ หรือ ตำบล) ตามกฎหมาย';
    const second = 'การแข่งขันจัดขึ้นระหว่างวันที่ 12–24 กุมภาพันธ์ พ.ศ. 2561 ที่เมืองพย็องชังในเกาหลีใต้';
    const found = sentences(`${first} ${second}`);
    expect(found).toEqual([first, second]);
  });

  it('reads letters between full stops as an abbreviation in any script', () => {
    expect(sentences('He moved to the U.S. in 1990. He stayed.')).toEqual([
      'He moved to the U.S. in 1990.',
      'He stayed.',
    ]);
    expect(sentences('ก่อตั้งเมื่อ พ.ศ. 2475 โดยคณะราษฎร')).toHaveLength(1);
  });

  it('cuts a long Arabic sentence after its commas', () => {
    const clause = 'وتقع المدينة على ضفة النهر الشرقية بين الحقول والبساتين الواسعة';
    const text = Array.from({ length: 12 }, () => clause).join('، ');
    const cuts = findSentenceCuts(text, 0, text.length);
    expect(cuts.length).toBeGreaterThan(0);
    for (const cut of cuts) expect(text[cut - 1]).toBe('،');
  });

  it('keeps the Hindi sentence that answers, not its whole paragraph', () => {
    const towns = ['आगरा', 'पटना', 'जयपुर', 'भोपाल', 'इंदौर', 'कानपुर', 'लखनऊ', 'नागपुर', 'सूरत', 'पुणे'];
    const context = towns
      .map((town, at) =>
        [
          `${town} नदी के पूर्वी किनारे पर बसा एक पुराना शहर है।`,
          'यहाँ के लोग हर साल वसंत और शरद में बाज़ार लगाते हैं और फल बेचते हैं।',
          at === 6
            ? 'सन 1872 में इंजीनियर रमेश वर्मा ने बाज़ार की लोहे की छत का नक्शा बनाया।'
            : 'यहाँ के निवासी कई वर्षों से हर दिन मौसम का हाल लिखते आए हैं।',
          'पर्यटक पेड़ों से घिरे रास्ते पर चलकर बाज़ार से नदी तक जाते हैं।',
        ].join(' '),
      )
      .join('\n\n');
    const result = compressContext({
      context,
      query: 'बाज़ार की लोहे की छत का नक्शा किसने बनाया?',
      level: 'ultra',
    });
    expect(result.compressed).toContain('इंजीनियर रमेश वर्मा ने बाज़ार की लोहे की छत का नक्शा बनाया।');
    expect(result.compressed).not.toContain('मौसम');
  });
});
