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

  it('reads a full stop after Devanagari as an abbreviation in a text that ends its sentences with the danda', () => {
    expect(sentences('डॉ. राजेंद्र प्रसाद भारत के पहले राष्ट्रपति थे। वे 1950 में चुने गए।')).toEqual([
      'डॉ. राजेंद्र प्रसाद भारत के पहले राष्ट्रपति थे।',
      'वे 1950 में चुने गए।',
    ]);
    expect(sentences('ए. पी. जे. अब्दुल कलाम वैज्ञानिक थे। किताब का दाम 10 रु. है।')).toEqual([
      'ए. पी. जे. अब्दुल कलाम वैज्ञानिक थे।',
      'किताब का दाम 10 रु. है।',
    ]);
    // A text with no danda may end its sentences with the full stop.
    expect(sentences('राम घर गया. सीता स्कूल गई.')).toEqual(['राम घर गया.', 'सीता स्कूल गई.']);
  });

  it('ends a sentence at the double danda, the Khmer bariyoosan, the Myanmar mark and the Tibetan shad', () => {
    expect(sentences('राम घर गया॥ सीता स्कूल गई।')).toEqual(['राम घर गया॥', 'सीता स्कूल गई।']);
    expect(sentences('রবীন্দ্রনাথ ঠাকুর কবি ছিলেন। তিনি নোবেল পুরস্কার পান।')).toEqual([
      'রবীন্দ্রনাথ ঠাকুর কবি ছিলেন।',
      'তিনি নোবেল পুরস্কার পান।',
    ]);
    expect(sentences('ខ្ញុំចូលចិត្តភាសាខ្មែរ៕ គាត់ទៅផ្សារ។')).toEqual(['ខ្ញុំចូលចិត្តភាសាខ្មែរ៕', 'គាត់ទៅផ្សារ។']);
    expect(sentences('မြန်မာနိုင်ငံသည် အရှေ့တောင်အာရှတွင် တည်ရှိသည်။ ရန်ကုန်မြို့သည် အကြီးဆုံးမြို့ဖြစ်သည်။')).toEqual([
      'မြန်မာနိုင်ငံသည် အရှေ့တောင်အာရှတွင် တည်ရှိသည်။',
      'ရန်ကုန်မြို့သည် အကြီးဆုံးမြို့ဖြစ်သည်။',
    ]);
    expect(sentences('བོད་ཀྱི་རྒྱལ་ཁབ། ལྷ་ས་ནི་གྲོང་ཁྱེར་ཆེན་པོ་ཡིན།')).toEqual([
      'བོད་ཀྱི་རྒྱལ་ཁབ།',
      'ལྷ་ས་ནི་གྲོང་ཁྱེར་ཆེན་པོ་ཡིན།',
    ]);
  });

  it('ends a Khmer or Myanmar sentence at its stop though no space follows, as CJK ones', () => {
    expect(sentences('ខ្ញុំចូលចិត្តភាសាខ្មែរ។គាត់ទៅផ្សារ។')).toEqual(['ខ្ញុំចូលចិត្តភាសាខ្មែរ។', 'គាត់ទៅផ្សារ។']);
    expect(sentences('ရန်ကုန်မြို့သည်ကြီးသည်။မန္တလေးမြို့သည်ဟောင်းသည်။')).toEqual([
      'ရန်ကုန်မြို့သည်ကြီးသည်။',
      'မန္တလေးမြို့သည်ဟောင်းသည်။',
    ]);
    // A full stop or question mark with no space after stays inside (a number, an address).
    expect(sentences('Version 3.5 is out. See example.com?q=1 now.')).toEqual([
      'Version 3.5 is out.',
      'See example.com?q=1 now.',
    ]);
  });

  it('does not end a Khmer or Myanmar sentence at a space between phrases where the text has stops', () => {
    const khmer = [
      'ប្រជាជននៅក្នុងក្រុងនេះបើកផ្សារនៅរដូវផ្ការីក និងរដូវស្លឹកឈើជ្រុះរៀងរាល់ឆ្នាំ ហើយលក់បន្លែ និងផ្លែឈើជាច្រើនប្រភេទ។',
      'នៅឆ្នាំ១៨៧២ វិស្វករសុខាបានរចនាដំបូលដែករបស់ផ្សារចាស់ ដែលនៅតែឈរនៅកណ្តាលក្រុងរហូតដល់សព្វថ្ងៃនេះ។',
    ];
    expect(sentences(khmer.join(' '))).toEqual(khmer);
    const myanmar = [
      'လူများသည် နွေဦးနှင့် ဆောင်းဦးရာသီတွင် မြို့လယ်ဈေးတွင် ဟင်းသီးဟင်းရွက်နှင့် သစ်သီးများကို နှစ်စဉ် ရောင်းချကြသည်။',
      '၁၈၇၂ ခုနှစ်တွင် အင်ဂျင်နီယာ ဦးအောင်မြင့်က ဈေး၏ သံခေါင်မိုးကို ဒီဇိုင်းဆွဲခဲ့ပြီး ယနေ့တိုင် တည်ရှိနေဆဲဖြစ်သည်။',
    ];
    expect(sentences(myanmar.join(' '))).toEqual(myanmar);
    // Without a stop anywhere, the space is all there is to go by, as in Thai.
    const unstopped = khmer.map((sentence) => sentence.slice(0, -1)).join(' ');
    expect(sentences(unstopped).length).toBeGreaterThan(1);
  });

  it('ends a Lao sentence at a space, as Thai, since Lao has no full stop', () => {
    const first = 'ປະເທດລາວຕັ້ງຢູ່ໃນພາກພື້ນອາຊີຕາເວັນອອກສ່ຽງໃຕ້ ແລະ ມີແມ່ນ້ຳຂອງໄຫຼຜ່ານຫຼາຍແຂວງຂອງປະເທດ';
    const second = 'ນະຄອນຫຼວງວຽງຈັນເປັນເມືອງຫຼວງຂອງປະເທດລາວ ແລະ ເປັນເມືອງທີ່ໃຫຍ່ທີ່ສຸດ';
    expect(sentences(`${first} ${second}`)).toEqual([first, second]);
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
