/**
 * Texts and questions for the word rules of particular scripts and languages (greek-terms.ts,
 * hindi-terms.ts, romanian-letters.ts, name-groups.ts, number-words.ts): each names the context, the
 * question and the words of the answer a compression must keep. The engine's tests of each
 * rule read them, and word-rules.dist.test.ts compresses them again through the package as
 * it ships. The texts were written for these tests.
 */

export interface WrittenCase {
  context: string;
  query: string;
  /** Words of the sentence that answers, which the compressed text must hold. */
  answer: string;
}

/**
 * Greek drops its accents in capitals, writes the sigma two ways and marks case on the
 * noun's ending: a question in capitals "ΠΟΙΟΣ ΣΧΕΔΙΑΣΕ ΤΗ ΣΤΕΓΗ ΤΗΣ ΑΓΟΡΑΣ;" is "σχεδίασε
 * τη στέγη της αγοράς" in the sentence that answers it.
 */
const GREEK_TOWNS = [
  'Πάτρα',
  'Λάρισα',
  'Βόλος',
  'Χανιά',
  'Σέρρες',
  'Δράμα',
  'Κοζάνη',
  'Καβάλα',
  'Τρίπολη',
  'Άρτα',
];
const GREEK_ANSWER_AT = 6;

function greekParagraph(town: string, answer: boolean): string {
  return [
    `Η πόλη ${town} βρίσκεται στην ανατολική όχθη του ποταμού.`,
    'Οι έμποροι ανοίγουν τη μεγάλη πύλη της αγοράς κάθε πρωί.',
    answer
      ? 'Ο μηχανικός Νίκος Παππάς σχεδίασε το 1872 τη σιδερένια στέγη της αγοράς.'
      : `Στην πλατεία του δήμου της πόλης ${town} οι κάτοικοι σημειώνουν τη θέση της σελήνης.`,
    'Οι επισκέπτες περπατούν από την πλατεία ως το ποτάμι κάτω από τα δέντρα.',
  ].join(' ');
}

export const greek: WrittenCase = {
  context: GREEK_TOWNS.map((town, at) => greekParagraph(town, at === GREEK_ANSWER_AT)).join('\n\n'),
  query: 'ΠΟΙΟΣ ΣΧΕΔΙΑΣΕ ΤΗ ΣΤΕΓΗ ΤΗΣ ΑΓΟΡΑΣ ΤΟΥ ΔΗΜΟΥ ΣΤΗΝ ΠΟΛΗ;',
  answer: 'Νίκος Παππάς',
};

/**
 * Hindi writes one word several ways (chandrabindu or anusvara, a nasal and a virama or
 * the anusvara, the nukta or not) and inflects it by its ending: a question's "गाँव की
 * सड़कें" (the village's roads) is "गांव की सड़क" in the sentence that answers it.
 */
const HINDI_TOWNS = [
  'आगरा',
  'पटना',
  'जयपुर',
  'भोपाल',
  'इंदौर',
  'कानपुर',
  'लखनऊ',
  'नागपुर',
  'सूरत',
  'पुणे',
];
const HINDI_ANSWER_AT = 6;

function hindiParagraph(town: string, answer: boolean): string {
  return [
    `${town} नदी के पूर्वी किनारे पर बसा एक पुराना शहर है।`,
    'यहाँ के लोग हर साल वसंत और शरद में मेला लगाते हैं और फल बेचते हैं।',
    answer
      ? 'सन 1872 में ठेकेदार रामलाल वर्मा ने गांव की पहली पक्की सड़क बनाई।'
      : `${town} शहर के पास की ज़मीन पर किसान हर दिन मौसम का हाल लिखते हैं।`,
    'पर्यटक पेड़ों से घिरे रास्ते पर चलकर मंदिर से नदी तक जाते हैं।',
  ].join(' ');
}

export const hindi: WrittenCase = {
  context: HINDI_TOWNS.map((town, at) => hindiParagraph(town, at === HINDI_ANSWER_AT)).join('\n\n'),
  query: 'शहर के पास गाँव की सड़कें किसने बनाईं?',
  answer: 'रामलाल वर्मा',
};

/**
 * Romanian's ș and ț are written with a comma below, and with a cedilla (ş, ţ) in text of
 * older encodings and keyboards: a question's "Mureș" is "Mureş" in the text.
 */
const ROMANIAN_RIVERS = [
  'Olt',
  'Jiu',
  'Prut',
  'Siret',
  'Argeş',
  'Someş',
  'Mureş',
  'Timiş',
  'Bega',
  'Crişul',
];
const ROMANIAN_ANSWER_AT = 6;
const ENGINEERS = [
  'Ionescu',
  'Popescu',
  'Dumitru',
  'Stan',
  'Moldovan',
  'Lazăr',
  'Vasilescu',
  'Matei',
  'Toma',
  'Rusu',
];

function romanianParagraph(river: string, at: number): string {
  const built = `a fost construit de inginerul ${ENGINEERS[at]} în anul ${1860 + at * 7}`;
  return [
    `Râul ${river} curge prin câmpie spre sud şi adună apele din munţi.`,
    at === ROMANIAN_ANSWER_AT
      ? `Podul de fier de pe ${river} ${built}.`
      : `Podul de fier peste râul ${river} ${built}.`,
    'Pescarii din sat vând peşte proaspăt în piaţa mare în fiecare dimineaţă.',
    `Peste drum de podul de pe ${river} a fost construit un han vechi de piatră.`,
  ].join(' ');
}

export const romanian: WrittenCase = {
  context: ROMANIAN_RIVERS.map((river, at) => romanianParagraph(river, at)).join('\n\n'),
  query: 'Cine a construit podul de fier peste Mureș?',
  answer: `inginerul ${ENGINEERS[ROMANIAN_ANSWER_AT]}`,
};

/**
 * A question names an article's subject in full ("علی دایی", Ali Daei) and asks with one
 * rarer word ("لقب", nickname). The subject is in most sentences: counted once per word of
 * its name, it lifted every sentence naming it in full over the one that answers, which
 * names him by his surname alone.
 */
const PERSIAN_SENTENCES = [
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

export const persian: WrittenCase = {
  context: PERSIAN_SENTENCES.join(' '),
  query: 'لقب علی دایی در باشگاه چه بود؟',
  answer: 'لقب شهریار',
};

/**
 * Vietnamese writes a space between the syllables of one word ("biệt danh", nickname;
 * "câu lạc bộ", club) and of one name ("Lê Công Vinh"), so a question's name or compound
 * is several query words, counted once each.
 */
const VIETNAMESE_SENTENCES = [
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

export const vietnamese: WrittenCase = {
  context: VIETNAMESE_SENTENCES.join(' '),
  query: 'Biệt danh của Lê Công Vinh ở câu lạc bộ là gì?',
  answer: 'Vua phá lưới',
};

/** Passages of a retrieval, no titles, each naming its chapter in digits but the one asked about. */
const CHAPTERS = [
  [
    '3',
    'harvest',
    'The farmers bring in the grain before the autumn rains arrive.',
    'Their songs are sung in the fields until late at night.',
  ],
  [
    '5',
    'market',
    'Traders come from the coast with salt, cloth and dried fish.',
    'The square is crowded with carts from dawn until noon.',
  ],
  [
    '7',
    'wedding',
    'The miller gives his daughter in marriage to a young carpenter.',
    'The guests dance in the yard by the light of lanterns.',
  ],
  [
    '9',
    'fire',
    'A dry summer leaves the pines ready to burn at the first spark.',
    'The villagers dig trenches to keep the flames from their houses.',
  ],
];

/**
 * A question writes its number in digits ("chapter 12") where the passage that answers
 * writes it as a word, in a longer sentence ("The twelfth chapter").
 */
export const digitsAsWords: WrittenCase = {
  context: [
    ...CHAPTERS.map(
      ([chapter, what, first, second]) =>
        `Chapter ${chapter} of the book tells of the ${what}. ${first} ${second}`,
    ),
    'The twelfth chapter of the book tells of the great flood that came to the valley. The river ' +
      'breaks its banks after a week of storms. The families climb to the church on the hill and ' +
      'wait for the water to fall.',
  ].join('\n\n'),
  query: 'what does chapter 12 of the book tell of',
  answer: 'The twelfth chapter of the book tells of the great flood',
};
