import { compressContext } from '@ctxopt/local';
import { describe, expect, it } from 'vitest';
import { ablated } from './ablation.ts';
import { AdjacentPairs } from './name-groups.ts';

/**
 * A question names an article's subject in full ("علی دایی", Ali Daei) and asks with one
 * rarer word ("لقب", nickname). The subject is in most sentences: counted once per word of
 * its name, it lifted every sentence naming it in full over the one that answers, which
 * names him by his surname alone.
 */
const SENTENCES = [
  'علی دایی سال ۱۳۷۵ به باشگاه پرسپولیس پیوست.',
  'شهر اردبیل در شمال غربی ایران است.',
  'علی دایی در اردبیل به دنیا آمد.',
  'زمستان‌های آن شهر سرد و پربرف است.',
  'علی دایی فصل بعد از باشگاه پرسپولیس به آلمان رفت.',
  'دانشگاه صنعتی شریف در تهران است.',
  'علی دایی مهندسی متالورژی خواند.',
  'ورزشگاه آزادی صد هزار تماشاگر دارد.',
  'علی دایی برای باشگاه بایرن مونیخ بازی کرد.',
  'فوتبال در ایران محبوب‌ترین ورزش است.',
  'هواداران به دایی لقب شهریار دادند.',
  'تیم ملی در جام جهانی ۱۹۹۸ بازی کرد.',
  'علی دایی سپس مربی باشگاه سایپا شد.',
  'بسیاری از بازیکنان آن دوره لقب داشتند.',
  'علی دایی ۱۰۹ گل ملی به ثمر رساند.',
  'علی دایی در سال ۱۳۸۵ از بازی ملی کنار رفت.',
];

describe('the words of a name weigh once', () => {
  const context = SENTENCES.join(' ');
  const query = 'لقب علی دایی در باشگاه چه بود؟';

  it('keeps the sentence holding the rarer word at ultra', () => {
    const result = compressContext({ context, query, level: 'ultra' });
    expect(result.status).toBe('compressed');
    expect(result.compressed).toContain('لقب شهریار');
  });

  it('drops it with the groups switched off (the ablation of bench:quality)', () => {
    ablated.add('name-groups');
    try {
      // The name counted once per word: "علی دایی برای باشگاه بایرن مونیخ بازی کرد."
      const result = compressContext({ context, query, level: 'ultra' });
      expect(result.compressed).not.toContain('لقب شهریار');
    } finally {
      ablated.delete('name-groups');
    }
  });

  it('groups two query words only when the text writes them side by side', () => {
    // Slots 0 and 1 side by side in units 0, 1 and 2 (twice in unit 2, counted once); slot 2
    // next to slot 0 in one unit only.
    const pairs = new AdjacentPairs(3);
    for (const unit of [0, 1, 2, 2]) pairs.note(unit, 0, 1);
    pairs.note(3, 2, 0);
    expect(Array.from(pairs.groups(Float64Array.from([4, 3, 5]))!)).toEqual([0, 0, 2]);
    // Side by side in under half the units that hold the more frequent word: two words.
    expect(pairs.groups(Float64Array.from([7, 3, 5]))).toBeUndefined();
  });
});

/**
 * Vietnamese writes a space between the syllables of one word ("biệt danh", nickname;
 * "câu lạc bộ", club) and of one name ("Lê Công Vinh"), so a question's name or compound
 * is several query words, counted once each. The text was written for this test.
 */
const VIETNAMESE = [
  'Lê Công Vinh gia nhập câu lạc bộ Sông Lam Nghệ An năm 2004.',
  'Tỉnh Nghệ An có mùa hè nóng và khô.',
  'Lê Công Vinh sinh ra tại Nghệ An.',
  'Mùa đông ở đó lạnh và nhiều mưa.',
  'Lê Công Vinh sau đó rời câu lạc bộ để sang Bồ Đào Nha.',
  'Sân vận động Mỹ Đình có bốn mươi nghìn chỗ ngồi.',
  'Lê Công Vinh từng học ở trường năng khiếu thể thao.',
  'Bóng đá là môn thể thao được yêu thích nhất ở Việt Nam.',
  'Lê Công Vinh chơi cho câu lạc bộ Leixões.',
  'Đội tuyển quốc gia vô địch Đông Nam Á năm 2008.',
  'Công Vinh có biệt danh Vua phá lưới.',
  'Đội tuyển từng thi đấu tại vòng loại World Cup.',
  'Lê Công Vinh sau này làm huấn luyện viên câu lạc bộ Phố Hiến.',
  'Nhiều cầu thủ thời đó cũng có biệt danh.',
  'Lê Công Vinh ghi năm mươi mốt bàn cho đội tuyển.',
  'Lê Công Vinh giã từ sự nghiệp thi đấu năm 2016.',
  'Hà Nội là thủ đô của Việt Nam và có nhiều hồ nước.',
  'Sông Hồng chảy qua nhiều tỉnh ở miền bắc.',
  'Phở là món ăn nổi tiếng khắp cả nước.',
  'Mùa xuân thường có mưa phùn và trời ẩm.',
  'Vịnh Hạ Long có hàng nghìn hòn đảo đá vôi.',
  'Nhiều du khách đến thăm phố cổ Hội An mỗi năm.',
  'Cà phê được trồng nhiều ở vùng Tây Nguyên.',
  'Tết Nguyên Đán là dịp lễ lớn nhất trong năm.',
];

describe('the syllables of a Vietnamese word or name weigh once', () => {
  const context = VIETNAMESE.join(' ');
  const query = 'Biệt danh của Lê Công Vinh ở câu lạc bộ là gì?';

  it('keeps the sentence holding the rarer word at ultra', () => {
    const result = compressContext({ context, query, level: 'ultra' });
    expect(result.status).toBe('compressed');
    expect(result.compressed).toContain('Vua phá lưới');
  });

  it('drops it with the groups switched off', () => {
    ablated.add('name-groups');
    try {
      // Each syllable counted: "Lê Công Vinh sau này làm huấn luyện viên câu lạc bộ Phố Hiến."
      const result = compressContext({ context, query, level: 'ultra' });
      expect(result.compressed).not.toContain('Vua phá lưới');
    } finally {
      ablated.delete('name-groups');
    }
  });
});
