/**
 * Sample text for the demo data, in several languages and scripts (including right-to-left
 * Arabic and Hebrew, and Japanese), so the app's search, layout and exports meet real-world
 * text from the first run. All of it is invented for the demo.
 */
import type { Random } from './random';

export const SAMPLE_LANGUAGES = ['en', 'es', 'de', 'fr', 'ar', 'he', 'ja'] as const;
export type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number];

/** Share of each language in the sample data: mostly English, like most research corpora. */
const LANGUAGE_WEIGHTS: readonly (readonly [SampleLanguage, number])[] = [
  ['en', 40],
  ['es', 14],
  ['de', 10],
  ['fr', 10],
  ['ar', 9],
  ['he', 7],
  ['ja', 10],
];

interface LanguageText {
  titles: readonly string[];
  sentences: readonly string[];
  /** [display, ascii] pairs; the ascii part builds handles. */
  first: readonly (readonly [string, string])[];
  last: readonly (readonly [string, string])[];
  /** Japanese names put the family name first, without a space. */
  familyFirst?: boolean;
  channels: readonly string[];
  hashtags: readonly string[];
}

const plain = (names: readonly string[]): (readonly [string, string])[] =>
  names.map(
    (name) =>
      [
        name,
        name
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase(),
      ] as const,
  );

const TEXT: Readonly<Record<SampleLanguage, LanguageText>> = {
  en: {
    titles: [
      'How the night market comes alive after 10pm',
      'I tried cooking with only five ingredients for a week',
      'Inside the city’s oldest bookbinding workshop',
      'What nobody tells you about moving abroad',
      'Flood barriers explained in under ten minutes',
      'The quiet comeback of the neighbourhood bakery',
      'Fact-checking three viral clips about the heatwave',
      'A day with the volunteers who map potholes',
      'Why bus routes change every spring',
      'Testing budget headphones so you don’t have to',
      'Street interviews: what would you change in your town?',
      'Behind the scenes at a local radio station',
    ],
    sentences: [
      'Thanks for watching, and let us know what you think in the comments.',
      'We spoke to people who have lived here for more than forty years.',
      'The numbers in this video come from the city’s own open data.',
      'Honestly, I did not expect it to be this busy on a Tuesday.',
      'Let’s start with the basics before we get into the details.',
      'A lot of you asked about this after the last episode.',
      'Here is where things get interesting.',
      'The council says the budget covers the work, which will be finished by the end of the year.',
      'I’ll put all the links in the description below.',
      'So that’s the plan for today, let’s go.',
      'It rained the whole morning, but the market was still full.',
      'This part took me three attempts to get right.',
    ],
    first: plain(['Maya', 'Jordan', 'Priya', 'Tom', 'Aisha', 'Liam', 'Grace', 'Owen']),
    last: plain(['Carter', 'Nguyen', 'Patel', 'Okafor', 'Brooks', 'Walsh', 'Kim', 'Reyes']),
    channels: ['Night Market Diaries', 'The Civic Desk', 'Pocket Kitchen', 'Two Wheels Daily', 'Open Data Weekly', 'Street Voices'],
    hashtags: ['news', 'citylife', 'food', 'travel', 'diy', 'music', 'weather', 'localnews'],
  },
  es: {
    titles: [
      'Cómo preparar una tortilla perfecta en casa',
      'Un paseo por el mercado de los domingos',
      'Lo que aprendí viviendo un año sin coche',
      'Entrevista con la alcaldesa sobre el transporte',
      'Las lluvias de esta semana, explicadas',
      'Probamos cinco cafeterías del barrio',
      '¿Por qué sube el precio del alquiler?',
      'Guía rápida para reciclar bien',
    ],
    sentences: [
      'Gracias por ver el vídeo, dejad vuestras preguntas en los comentarios.',
      'Hablamos con vecinos que llevan cuarenta años en el barrio.',
      'Los datos vienen del portal abierto del ayuntamiento.',
      'La verdad, no esperaba tanta gente un martes.',
      'Empecemos por lo básico antes de entrar en detalles.',
      'Muchos me preguntasteis por esto en el último episodio.',
      'Aquí es donde la cosa se pone interesante.',
      'Las obras terminarán a finales de año, según el ayuntamiento.',
      'Os dejo todos los enlaces en la descripción.',
      'Llovió toda la mañana, pero el mercado estaba lleno.',
    ],
    first: plain(['Lucía', 'Javier', 'Carmen', 'Diego', 'Valentina', 'Mateo']),
    last: plain(['García', 'Martínez', 'López', 'Fernández', 'Ruiz', 'Morales']),
    channels: ['Cocina de Barrio', 'Crónica Local', 'Rutas en Bici'],
    hashtags: ['noticias', 'recetas', 'viajes', 'barrio'],
  },
  de: {
    titles: [
      'Wie das Hochwasser die Altstadt verändert hat',
      'Ein Tag in der Fahrradwerkstatt',
      'Fünf Fragen an die Bürgermeisterin',
      'Wir testen günstige Kopfhörer',
      'Warum die Mieten weiter steigen',
      'Brot backen wie früher – Schritt für Schritt',
      'Straßenumfrage: Was wünschen Sie sich für Ihre Stadt?',
      'Die Geschichte hinter dem alten Bahnhof',
    ],
    sentences: [
      'Danke fürs Zuschauen, schreibt uns eure Fragen in die Kommentare.',
      'Wir haben mit Leuten gesprochen, die seit vierzig Jahren hier wohnen.',
      'Die Zahlen stammen aus den offenen Daten der Stadt.',
      'Ehrlich gesagt hätte ich an einem Dienstag nicht so viel Betrieb erwartet.',
      'Fangen wir mit den Grundlagen an.',
      'Viele von euch haben nach der letzten Folge danach gefragt.',
      'Jetzt wird es spannend.',
      'Laut Stadtrat sollen die Arbeiten bis Jahresende fertig sein.',
      'Alle Links findet ihr unten in der Beschreibung.',
      'Es hat den ganzen Vormittag geregnet, trotzdem war der Markt voll.',
    ],
    first: plain(['Lena', 'Jonas', 'Mia', 'Felix', 'Hannah', 'Lukas']),
    last: plain(['Müller', 'Schmidt', 'Wagner', 'Becker', 'Hoffmann', 'Schäfer']),
    channels: ['Stadtgespräch', 'Werkstatt am Kanal', 'Kochen mit Lena'],
    hashtags: ['nachrichten', 'fahrrad', 'kochen'],
  },
  fr: {
    titles: [
      'Une journée au marché de nuit',
      'Comment réparer un vélo soi-même',
      'Ce que personne ne dit sur l’expatriation',
      'La boulangerie du quartier fait son retour',
      'Les inondations expliquées en dix minutes',
      'Micro-trottoir : que changeriez-vous dans votre ville ?',
      'Dans les coulisses d’une radio locale',
      'Pourquoi les loyers augmentent encore',
    ],
    sentences: [
      'Merci d’avoir regardé, dites-nous ce que vous en pensez en commentaire.',
      'Nous avons rencontré des habitants installés ici depuis quarante ans.',
      'Les chiffres viennent des données ouvertes de la ville.',
      'Franchement, je ne m’attendais pas à autant de monde un mardi.',
      'Commençons par les bases avant d’entrer dans les détails.',
      'Beaucoup d’entre vous m’ont posé la question après le dernier épisode.',
      'C’est là que ça devient intéressant.',
      'Selon la mairie, les travaux seront terminés d’ici la fin de l’année.',
      'Tous les liens sont dans la description.',
      'Il a plu toute la matinée, mais le marché était plein.',
    ],
    first: plain(['Camille', 'Louis', 'Chloé', 'Hugo', 'Manon', 'Théo']),
    last: plain(['Martin', 'Bernard', 'Dubois', 'Lefèvre', 'Moreau', 'Girard']),
    channels: ['Le Quartier Parle', 'Cuisine Express', 'Vélo Atelier'],
    hashtags: ['actu', 'cuisine', 'voyage'],
  },
  ar: {
    titles: [
      'جولة في السوق القديم',
      'كيف تغيّرت المدينة خلال عشر سنوات',
      'وصفة سهلة للفطور في خمس دقائق',
      'مقابلة مع فنانة شابة من الحي',
      'لماذا ترتفع أسعار الإيجار؟',
      'يوم كامل مع متطوعي الإسعاف',
      'شرح سريع لنشرة الطقس',
      'أفضل خمسة مقاهٍ في وسط البلد',
    ],
    sentences: [
      'شكرًا على المشاهدة، اكتبوا لنا آراءكم في التعليقات.',
      'تحدثنا مع سكان يعيشون هنا منذ أكثر من أربعين عامًا.',
      'الأرقام في هذا الفيديو من البيانات المفتوحة للمدينة.',
      'بصراحة لم أتوقع هذا الازدحام يوم الثلاثاء.',
      'لنبدأ بالأساسيات قبل الدخول في التفاصيل.',
      'سألني كثير منكم عن هذا بعد الحلقة الماضية.',
      'هنا يصبح الأمر مثيرًا للاهتمام.',
      'تقول البلدية إن الأعمال ستنتهي بنهاية العام.',
      'ستجدون كل الروابط في الوصف.',
      'أمطرت طوال الصباح، لكن السوق كان مزدحمًا.',
    ],
    first: [
      ['ليلى', 'layla'],
      ['عمر', 'omar'],
      ['نور', 'nour'],
      ['يوسف', 'youssef'],
      ['سلمى', 'salma'],
      ['كريم', 'karim'],
    ],
    last: [
      ['الحسن', 'alhassan'],
      ['منصور', 'mansour'],
      ['خليل', 'khalil'],
      ['حداد', 'haddad'],
      ['سعيد', 'saeed'],
      ['نجار', 'najjar'],
    ],
    channels: ['حكايات المدينة', 'مطبخ سلمى', 'نشرة الحي'],
    hashtags: ['أخبار', 'طبخ', 'سفر'],
  },
  he: {
    titles: [
      'סיור בשוק העירוני בבוקר',
      'מתכון פשוט לארוחת ערב',
      'ראיון עם מורה למוזיקה',
      'איך לתקן אופניים בבית',
      'למה שכר הדירה ממשיך לעלות?',
      'יום אחד עם המתנדבים של הספרייה',
      'תחזית מזג האוויר לשבוע הקרוב',
      'מאחורי הקלעים של תחנת רדיו מקומית',
    ],
    sentences: [
      'תודה שצפיתם, כתבו לנו מה דעתכם בתגובות.',
      'דיברנו עם תושבים שגרים כאן יותר מארבעים שנה.',
      'המספרים בסרטון מגיעים מהמידע הפתוח של העירייה.',
      'האמת, לא ציפיתי לכל כך הרבה אנשים ביום שלישי.',
      'נתחיל מהבסיס לפני שניכנס לפרטים.',
      'הרבה מכם שאלו על זה אחרי הפרק הקודם.',
      'כאן זה נהיה מעניין.',
      'לפי העירייה, העבודות יסתיימו עד סוף השנה.',
      'כל הקישורים נמצאים בתיאור.',
      'ירד גשם כל הבוקר, אבל השוק היה מלא.',
    ],
    first: [
      ['נועה', 'noa'],
      ['איתי', 'itai'],
      ['תמר', 'tamar'],
      ['יונתן', 'yonatan'],
      ['שירה', 'shira'],
      ['עומר', 'omer'],
    ],
    last: [
      ['כהן', 'cohen'],
      ['לוי', 'levi'],
      ['מזרחי', 'mizrahi'],
      ['פרץ', 'peretz'],
      ['ביטון', 'biton'],
      ['אברהם', 'avraham'],
    ],
    channels: ['סיפורי העיר', 'המטבח של תמר', 'רדיו שכונה'],
    hashtags: ['חדשות', 'אוכל', 'טיול'],
  },
  ja: {
    titles: [
      '東京の朝ごはんを食べ歩き',
      '初心者向けのギター講座 第3回',
      '雨の日の散歩が好きな理由',
      '新しいカメラを一週間使ってみた',
      '今日のニュースを5分でまとめ',
      '地元の商店街を歩いてみた',
      '家賃はなぜ上がり続けるのか',
      'ローカルラジオ局の舞台裏',
    ],
    sentences: [
      'ご視聴ありがとうございます。感想をコメントで教えてください。',
      '40年以上ここに住んでいる方々にお話を伺いました。',
      '動画の数字は市のオープンデータから引用しています。',
      '正直、火曜日にこんなに混んでいるとは思いませんでした。',
      'まずは基本から始めましょう。',
      '前回の動画のあと、たくさん質問をいただきました。',
      'ここからが面白いところです。',
      '市によると、工事は年末までに終わる予定です。',
      'リンクはすべて概要欄に載せています。',
      '午前中ずっと雨でしたが、市場は人でいっぱいでした。',
    ],
    first: [
      ['結衣', 'yui'],
      ['蓮', 'ren'],
      ['陽菜', 'hina'],
      ['大翔', 'hiroto'],
      ['さくら', 'sakura'],
      ['健太', 'kenta'],
    ],
    last: [
      ['佐藤', 'sato'],
      ['鈴木', 'suzuki'],
      ['高橋', 'takahashi'],
      ['田中', 'tanaka'],
      ['伊藤', 'ito'],
      ['渡辺', 'watanabe'],
    ],
    familyFirst: true,
    channels: ['街歩きチャンネル', 'まいにち料理', 'ラジオの裏側'],
    hashtags: ['ニュース', '料理', '旅行'],
  },
};

const EMOJI = ['🔥', '✨', '😂', '🎥', '📍', '🌧️', '🍜', '🚲', '📚', '🎶', '💡', '👀', '🙌', '👩🏽‍🍳', '🇩🇪', '🇯🇵'];

export function pickLanguage(random: Random): SampleLanguage {
  const total = LANGUAGE_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [language, weight] of LANGUAGE_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return language;
  }
  return 'en';
}

export const emoji = (random: Random): string => random.pick(EMOJI);

/** A title, sometimes decorated with emoji as creators do. */
export function sampleTitle(random: Random, language: SampleLanguage): string {
  const base = random.pick(TEXT[language].titles);
  return random.chance(0.3) ? `${base} ${emoji(random)}` : base;
}

export const sampleSentence = (random: Random, language: SampleLanguage): string => random.pick(TEXT[language].sentences);

/** Several sentences, with an emoji or a hashtag now and then. */
export function sampleParagraph(random: Random, language: SampleLanguage, sentences: number): string {
  const parts: string[] = [];
  for (let i = 0; i < sentences; i++) parts.push(sampleSentence(random, language));
  if (random.chance(0.4)) parts.push(emoji(random));
  if (random.chance(0.5)) parts.push(`#${sampleHashtag(random, language)}`);
  return parts.join(language === 'ja' ? '' : ' ');
}

export const sampleHashtag = (random: Random, language: SampleLanguage): string => random.pick(TEXT[language].hashtags);

export const sampleChannelName = (random: Random, language: SampleLanguage): string => random.pick(TEXT[language].channels);

export interface SamplePerson {
  /** The display name in the language's script. */
  name: string;
  /** A handle made of ascii letters, digits, dots and underscores. */
  handle: string;
}

export function samplePerson(random: Random, language: SampleLanguage): SamplePerson {
  const text = TEXT[language];
  const [first, firstAscii] = random.pick(text.first);
  const [last, lastAscii] = random.pick(text.last);
  const name = text.familyFirst ? `${last}${first}` : `${first} ${last}`;
  const joiner = random.pick(['.', '_', '']);
  const handle = `${firstAscii}${joiner}${lastAscii}${random.chance(0.6) ? random.int(1, 999) : ''}`;
  return { name, handle };
}

const displayNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** The language's name in English words, as the transcript endpoint reports it ("English"). */
export function languageName(code: string): string {
  try {
    return displayNames.of(code) ?? code;
  } catch {
    return code;
  }
}
