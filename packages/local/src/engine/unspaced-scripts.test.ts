import { compressContext } from '@ctxopt/local';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { isStopWord } from './terms.ts';
import { wordsOf } from './word-scanner.ts';

/**
 * Thai, Lao, Khmer, Myanmar, Chinese and Japanese write words without spaces between them: the engine cuts
 * their runs of letters into words (and their text into sentences), so a question
 * finds the sentence that answers it, though none of its words stands apart.
 */

const CASES = [
  {
    language: 'Thai',
    towns: ['เชียงใหม่', 'ขอนแก่น', 'ลำปาง', 'น่าน', 'แพร่', 'ตาก', 'ระยอง', 'ตรัง', 'สตูล', 'ยโสธร'],
    paragraph: (town: string, answer: boolean) =>
      [
        `เมือง${town}ตั้งอยู่ริมแม่น้ำทางทิศตะวันออกของจังหวัด`,
        'ผู้คนจัดตลาดนัดในฤดูใบไม้ผลิและฤดูใบไม้ร่วงมาหลายปี',
        answer
          ? 'วิศวกรสมชายออกแบบหลังคาเหล็กของตลาดเมื่อปีพุทธศักราชสองพันสี่ร้อยห้าสิบ'
          : 'ชาวบ้านจดบันทึกสภาพอากาศไว้ที่ศาลากลางทุกวัน',
        'นักท่องเที่ยวเดินจากตลาดไปยังแม่น้ำตามทางเดินที่มีต้นไม้ร่มรื่น',
      ].join(' '),
    query: 'ใครออกแบบหลังคาของตลาด',
    answer: 'สมชาย',
  },
  {
    language: 'Chinese',
    towns: ['杭州', '苏州', '南京', '西安', '成都', '重庆', '武汉', '长沙', '福州', '厦门'],
    paragraph: (town: string, answer: boolean) =>
      [
        `${town}是一座位于河流东岸的城市。`,
        '当地人每年春天和秋天都在集市上买卖蔬菜和水果。',
        answer
          ? '一八七二年，工程师李明设计了市场的铸铁屋顶。'
          : '这里的居民多年来一直记录每天的天气。',
        '游客可以沿着种满树木的小路从集市走到河边。',
      ].join(''),
    query: '谁设计了市场的屋顶？',
    answer: '李明',
  },
  {
    language: 'Japanese',
    towns: ['京都', '大阪', '奈良', '神戸', '横浜', '札幌', '仙台', '金沢', '福岡', '長崎'],
    paragraph: (town: string, answer: boolean) =>
      [
        `${town}は川の東側にある古い町です。`,
        '人々は毎年春と秋に朝市を開いて野菜や果物を売ります。',
        answer
          ? '千八百七十二年に技師の佐藤花子が市場の鉄の屋根を設計しました。'
          : 'ここの住民は長い間毎日の天気を記録してきました。',
        '観光客は木の並ぶ小道を歩いて朝市から川まで行くことができます。',
      ].join(''),
    query: '市場の屋根を設計したのは誰ですか？',
    answer: '佐藤花子',
  },
  {
    language: 'Lao',
    towns: [
      'ວຽງຈັນ',
      'ຫຼວງພະບາງ',
      'ປາກເຊ',
      'ສະຫວັນນະເຂດ',
      'ທ່າແຂກ',
      'ໂພນສະຫວັນ',
      'ຫ້ວຍຊາຍ',
      'ອຸດົມໄຊ',
      'ຜົ້ງສາລີ',
      'ອັດຕະປື',
    ],
    paragraph: (town: string, answer: boolean) =>
      [
        `ເມືອງ${town}ຕັ້ງຢູ່ຝັ່ງຕາເວັນອອກຂອງແມ່ນ້ຳທີ່ໄຫຼຜ່ານແຂວງ`,
        'ປະຊາຊົນເປີດຕະຫຼາດນັດໃນລະດູໃບໄມ້ປົ່ງແລະລະດູໃບໄມ້ຫຼົ່ນມາຫຼາຍປີແລ້ວ',
        answer
          ? 'ວິສະວະກອນສົມພອນໄດ້ອອກແບບຫຼັງຄາເຫຼັກຂອງຕະຫຼາດໃນປີພັນແປດຮ້ອຍເຈັດສິບສອງ'
          : 'ຊາວບ້ານຈົດບັນທຶກສະພາບອາກາດໄວ້ທີ່ຫ້ອງການເມືອງທຸກໆມື້',
        'ນັກທ່ອງທ່ຽວຍ່າງຈາກຕະຫຼາດໄປຫາແມ່ນ້ຳຕາມທາງທີ່ມີຕົ້ນໄມ້ຮົ່ມເຢັນ',
      ].join(' '),
    query: 'ໃຜອອກແບບຫຼັງຄາຂອງຕະຫຼາດ',
    answer: 'ສົມພອນ',
  },
  {
    language: 'Khmer',
    towns: [
      'ភ្នំពេញ',
      'សៀមរាប',
      'បាត់ដំបង',
      'កំពត',
      'កែប',
      'តាកែវ',
      'ពោធិ៍សាត់',
      'ក្រចេះ',
      'ស្ទឹងត្រែង',
      'កំពង់ចាម',
    ],
    paragraph: (town: string, answer: boolean) =>
      [
        `ក្រុង${town}ស្ថិតនៅលើច្រាំងទន្លេខាងកើតនៃខេត្ត។`,
        'ប្រជាជនបើកផ្សារនៅរដូវផ្ការីក និងរដូវស្លឹកឈើជ្រុះរៀងរាល់ឆ្នាំ។',
        answer
          ? 'នៅឆ្នាំ១៨៧២ វិស្វករសុខាបានរចនាដំបូលដែករបស់ផ្សារ។'
          : 'អ្នកភូមិកត់ត្រាអាកាសធាតុនៅសាលាក្រុងជារៀងរាល់ថ្ងៃ។',
        'ភ្ញៀវទេសចរដើរពីផ្សារទៅទន្លេតាមផ្លូវដែលមានដើមឈើ។',
      ].join(' '),
    query: 'តើនរណាបានរចនាដំបូលរបស់ផ្សារ?',
    answer: 'សុខា',
  },
  {
    language: 'Myanmar',
    towns: [
      'ရန်ကုန်',
      'မန္တလေး',
      'ပုဂံ',
      'မော်လမြိုင်',
      'ပဲခူး',
      'တောင်ကြီး',
      'မြစ်ကြီးနား',
      'စစ်တွေ',
      'ပုသိမ်',
      'ထားဝယ်',
    ],
    paragraph: (town: string, answer: boolean) =>
      [
        `${town}မြို့သည် မြစ်၏ အရှေ့ဘက်ကမ်းတွင် တည်ရှိသည်။`,
        'လူများသည် နွေဦးနှင့် ဆောင်းဦးရာသီတွင် ဈေးရောင်းကြသည်။',
        answer
          ? '၁၈၇၂ ခုနှစ်တွင် အင်ဂျင်နီယာ ဦးအောင်မြင့်က ဈေး၏ သံခေါင်မိုးကို ဒီဇိုင်းဆွဲခဲ့သည်။'
          : 'ရွာသားများသည် နေ့စဉ် ရာသီဥတုကို မှတ်တမ်းတင်ကြသည်။',
        'ခရီးသွားများသည် ဈေးမှ မြစ်ဆီသို့ သစ်ပင်လမ်းအတိုင်း လမ်းလျှောက်ကြသည်။',
      ].join(' '),
    query: 'ဈေး၏ သံခေါင်မိုးကို မည်သူ ဒီဇိုင်းဆွဲခဲ့သနည်း။',
    answer: 'ဦးအောင်မြင့်',
  },
];

const ANSWER_AT = 6;

describe('languages written without spaces', () => {
  it('cuts a run of Thai, Lao, Khmer, Myanmar, Chinese or Japanese letters into words', () => {
    expect(wordsOf('ประเทศไทยมีแม่น้ำ')).toEqual(['ประเทศไทย', 'มี', 'แม่น้ำ']);
    expect(wordsOf('工程师设计了屋顶')).toContain('屋顶');
    expect(wordsOf('市場の屋根を設計しました')).toContain('設計');
    expect(wordsOf('retryDelay 2024')).toEqual(['retry', 'delay', '2024']);
    expect(wordsOf('ປະເທດລາວມີແມ່ນ້ຳຂອງ')).toContain('ລາວ');
    expect(wordsOf('ខ្ញុំចូលចិត្តភាសាខ្មែរ')).toEqual(['ខ្ញុំ', 'ចូលចិត្ត', 'ភាសាខ្មែរ']);
    expect(wordsOf('ເມືອງຫຼວງຂອງປະເທດລາວ')).toEqual(['ເມືອງຫຼວງ', 'ຂອງ', 'ປະເທດ', 'ລາວ']);
    expect(wordsOf('ក្រុងភ្នំពេញស្ថិតនៅលើច្រាំងទន្លេ។')).toEqual(['ក្រុងភ្នំពេញ', 'ស្ថិតនៅ', 'លើ', 'ច្រាំងទន្លេ']);
    expect(wordsOf('ရန်ကုန်မြို့သည်အကြီးဆုံးမြို့ဖြစ်သည်။')).toContain('မြို့');
  });

  it('cuts each run as the segmenter cuts it alone, however many runs one call covers', () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
    const piece = fc.constantFrom(
      '工程师设计了屋顶',
      '市場の屋根を設計しました',
      'ประเทศไทยมีแม่น้ำ',
      '，',
      '。',
      ' ',
      '2018',
      'tokyo',
      '\n',
      '（北京）',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        // Reference: each maximal run of unspaced letters segmented on its own.
        const expected: string[] = [];
        for (const chunk of text.match(/[\p{L}\p{M}]+|\p{N}+/gu) ?? []) {
          if (!/[\u0e00-\u0eff\u3040-\u30ff\u4e00-\u9fff]/u.test(chunk)) {
            expected.push(chunk.toLowerCase());
            continue;
          }
          for (const word of segmenter.segment(chunk)) {
            if (word.isWordLike) expected.push(word.segment.toLowerCase());
          }
        }
        expect(wordsOf(text)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps such a run one word where the runtime has no Intl.Segmenter', async () => {
    vi.resetModules();
    const intl = Intl as { Segmenter?: unknown };
    const saved = intl.Segmenter;
    intl.Segmenter = undefined;
    try {
      const fresh = await import('./word-scanner.ts');
      expect(fresh.wordsOf('ประเทศไทยมีแม่น้ำ ok')).toEqual(['ประเทศไทยมีแม่น้ำ', 'ok']);
    } finally {
      intl.Segmenter = saved;
    }
  });

  it.each(
    CASES.flatMap((example) =>
      (['standard', 'ultra'] as const).map((level) => ({ ...example, level })),
    ),
  )('keeps the sentence that answers at $level: $language', (example) => {
    const context = example.towns
      .map((town, at) => example.paragraph(town, at === ANSWER_AT))
      .join('\n\n');
    const result = compressContext({ context, query: example.query, level: example.level });
    expect(result.status).toBe('compressed');
    expect(result.compressed).toContain(example.answer);
  });
});

describe('Japanese function words', () => {
  it('weigh nothing: particles and question words are stop words, content words are not', () => {
    for (const word of ['の', 'を', 'について', '誰', 'ですか'])
      expect(isStopWord(word)).toBe(true);
    for (const word of ['設計', '屋根', '市場']) expect(isStopWord(word)).toBe(false);
  });
});
