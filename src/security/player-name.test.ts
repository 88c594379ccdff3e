import { nameSkeleton, nameSkeletons, skeleton } from './name-skeleton';
import {
  checkPersonName,
  checkPlayerName,
  isBotDefaultSkeleton,
  PLAYER_NAME_MAX_LENGTH,
} from './player-name';

const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}'; // 👨‍👩‍👧
const RAINBOW_FLAG = '\u{1F3F3}\uFE0F\u200D\u{1F308}'; // 🏳️‍🌈
const RED_HEART = '\u2764\uFE0F'; // ❤️
const KEYCAP_ONE = '1\uFE0F\u20E3'; // 1️⃣

function refusal(name: string): [string, string] | null {
  const checked = checkPlayerName(name);
  return checked.ok ? null : [checked.rule, checked.message];
}

const invisible = (found: string): [string, string] => [
  'INVISIBLE_CHARACTER',
  `name must not contain control, formatting, invisible or blank characters (found ${found}); joiners and variation selectors only inside emoji`,
];

describe('checkPlayerName', () => {
  it('trims, and takes 1 to 40 characters (code points)', () => {
    expect(checkPlayerName('  Ann  ')).toEqual({
      ok: true,
      name: 'Ann',
      skeletons: { folded: 'ann', lowered: 'ann' },
    });
    expect(refusal('')).toEqual(['EMPTY', 'name must not be empty']);
    expect(refusal('   \t ')).toEqual(['EMPTY', 'name must not be empty']);
    expect(checkPlayerName('x'.repeat(PLAYER_NAME_MAX_LENGTH)).ok).toBe(true);
    expect(refusal('x'.repeat(41))).toEqual(['TOO_LONG', 'name must be at most 40 characters']);
    expect(refusal('x'.repeat(100_000))).toEqual(['TOO_LONG', 'name must be at most 40 characters']);
    // Code points, not UTF-16 units: 40 astral letters fit.
    expect(checkPlayerName('\u{1D400}'.repeat(40)).ok).toBe(true);
    expect(refusal('é'.repeat(41))).toEqual(['TOO_LONG', 'name must be at most 40 characters']);
  });

  it.each([
    ['a control character (Cc)', 'bad\u0000name', 'U+0000'],
    ['a tab', 'a\tb', 'U+0009'],
    ['DEL', 'a\u007Fb', 'U+007F'],
    ['a C1 control', 'a\u0085b', 'U+0085'],
    ['a line separator (Zl)', 'line\u2028break', 'U+2028'],
    ['a paragraph separator (Zp)', 'a\u2029b', 'U+2029'],
    ['a right-to-left override (Cf)', 'a\u202Eb', 'U+202E'],
    ['a left-to-right isolate', 'a\u2066b', 'U+2066'],
    ['a right-to-left isolate', 'a\u2067b', 'U+2067'],
    ['a first strong isolate', 'a\u2068b', 'U+2068'],
    ['a pop directional isolate', 'a\u2069b', 'U+2069'],
    ['an Arabic letter mark', 'a\u061Cb', 'U+061C'],
    ['a left-to-right mark', 'a\u200Eb', 'U+200E'],
    ['a zero-width space', 'a\u200Bb', 'U+200B'],
    ['a zero-width non-joiner', 'a\u200Cb', 'U+200C'],
    ['a zero-width joiner between letters', 'a\u200Db', 'U+200D'],
    ['a word joiner', 'a\u2060b', 'U+2060'],
    ['a byte order mark', 'a\uFEFFb', 'U+FEFF'],
    ['a soft hyphen', 'soft\u00ADhyphen', 'U+00AD'],
    ['a combining grapheme joiner', 'a\u034Fb', 'U+034F'],
    ['a Mongolian vowel separator', 'a\u180Eb', 'U+180E'],
    ['a variation selector', 'a\uFE00b', 'U+FE00'],
    ['VS16 after a letter', 'a\uFE0F', 'U+FE0F'],
    ['a variation selector supplement', 'a\u{E0100}b', 'U+E0100'],
    ['a tag character', 'a\u{E0041}b', 'U+E0041'],
    ['a cancel tag', 'a\u{E007F}', 'U+E007F'],
    ['a Hangul choseong filler', 'a\u115Fb', 'U+115F'],
    ['a Hangul jungseong filler', 'a\u1160b', 'U+1160'],
    ['a Hangul filler', '\u3164', 'U+3164'],
    ['a halfwidth Hangul filler', '\uFFA0', 'U+FFA0'],
    ['a Braille blank', '\u2800', 'U+2800'],
    ['a Braille blank between letters', 'a\u2800b', 'U+2800'],
    ['a Khmer inherent vowel', 'a\u17B4b', 'U+17B4'],
    ['an interlinear annotation', 'a\uFFF9b', 'U+FFF9'],
    ['a lone surrogate', 'a\uD800b', 'U+D800'],
    ['ZWJ between two emoji outside any RGI sequence', '\u{1F600}\u200D\u{1F600}', 'U+200D'],
    [
      'a tag sequence flag (tags are refused)',
      '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
      'U+E0067',
    ],
  ])('refuses %s', (_what, name, found) => {
    expect(refusal(name)).toEqual(invisible(found));
  });

  it('refuses names with nothing visible: only spaces and marks', () => {
    const blank: [string, string] = [
      'BLANK',
      'name must show at least one letter, digit, symbol or punctuation mark',
    ];
    expect(refusal('\u0301')).toEqual(blank);
    expect(refusal('\u0301\u0302 \u0303')).toEqual(blank);
    expect(refusal('\u3000\u0301\u3000')).toEqual(blank);
  });

  it('keeps ZWJ and VS16 inside emoji sequences: family, flag, heart, keycap', () => {
    for (const name of [
      FAMILY,
      RAINBOW_FLAG,
      RED_HEART,
      KEYCAP_ONE,
      `Ann ${FAMILY}`,
      `${RAINBOW_FLAG} Bob`,
    ]) {
      const checked = checkPlayerName(name);
      expect([name, checked.ok && checked.name]).toEqual([name, name]);
    }
    // A family is 5 code points: 8 of them fit in 40.
    expect(checkPlayerName(FAMILY.repeat(8)).ok).toBe(true);
    expect(refusal(FAMILY.repeat(9))).toEqual(['TOO_LONG', 'name must be at most 40 characters']);
    // An emoji's joiner does not let a stray one through elsewhere in the name.
    expect(refusal(`${FAMILY} a\u200Db`)).toEqual(invisible('U+200D'));
  });

  it('takes letters of every script, accents, digits and punctuation', () => {
    for (const name of [
      'Zoë',
      'Ærøskøbing',
      'Алиса',
      'محمد',
      'שרה',
      '王小明',
      'さくら',
      'Ann-Marie O’Neil',
      'R2-D2',
      'x',
    ]) {
      expect([name, checkPlayerName(name).ok]).toEqual([name, true]);
    }
  });
});

/** Whether two names look alike: one of their keys is equal. */
function lookAlike(x: string, y: string): boolean {
  const [a, b] = [nameSkeletons(x), nameSkeletons(y)];
  return a.folded === b.folded || a.lowered === b.lowered;
}

describe('nameSkeletons', () => {
  it('are the UTS #39 skeleton of the case fold, and the skeleton lower-cased', () => {
    expect(skeleton('\u0410lice')).toBe('Alice'); // Cyrillic А
    expect(skeleton('paypal')).toBe(skeleton('\u0440\u0430ypal')); // Cyrillic р, а
    expect(nameSkeletons('Alice')).toEqual({ folded: 'alice', lowered: 'alice' });
    expect(nameSkeletons('\u0410lice')).toEqual({ folded: 'alice', lowered: 'alice' });
    // The case fold takes "I" as "i"; the skeleton first takes it as "l".
    expect(nameSkeletons('ALICE')).toEqual({ folded: 'alice', lowered: 'allce' });
    // The skeleton first takes a Cyrillic В as B; its small letter в looks like a small capital ʙ.
    expect(nameSkeletons('\u0412ob')).toEqual({ folded: '\u0299ob', lowered: 'bob' });
    expect(nameSkeletons('  Ann   Lee ')).toEqual(nameSkeletons('Ann Lee'));
    expect(nameSkeleton('Alice')).toBe('alice');
  });

  it.each([
    ['Alice', 'Alice'],
    ['Alice', 'ALICE'],
    ['Alice', 'alice'],
    ['Alice', '\u0410lice'], // Cyrillic А
    ['Alice', '\uFF21\uFF4C\uFF49\uFF43\uFF45'], // fullwidth
    ['Alice', '\u0391lice'], // Greek Α
    ['Alice', '\u0410\u04C0ice'], // Cyrillic А, palochka Ӏ
    ['Bob', '\u0412ob'], // Cyrillic В
    ['Bob', 'BOB'],
    ['\u0411\u043E\u0431', '\u0411\u041E\u0411'], // Боб, БОБ
    ['Zed', '\u0396ed'], // Greek Ζ
    ['Zed', 'Z\u0415D'], // Cyrillic Е
    ['Ann Lee', '  Ann   Lee '],
    ['Bob', 'B0b'],
    ['Bill', 'Bi11'],
    ['m', 'rn'],
    ['paypal', '\u0440\u0430ypal'],
    [FAMILY, FAMILY],
  ])('%s and %s look alike', (x, y) => {
    expect(lookAlike(x, y)).toBe(true);
  });

  it.each([
    ['Alice', 'Alicia'],
    ['Zoe', 'Zo\u00EB'],
    ['Ann', 'Anne'],
    ['Bob', 'Rob'],
    [FAMILY, RAINBOW_FLAG],
  ])('%s and %s do not', (x, y) => {
    expect(lookAlike(x, y)).toBe(false);
  });
});

describe('checkPersonName', () => {
  it("refuses a bot's default name and its look-alikes, in any case", () => {
    const bot: [string, string] = [
      'BOT_NAME',
      'name must not look like a bot\'s default name ("EASY bot 1", "NORMAL bot 2", "HARD bot 3", ...)',
    ];
    for (const name of ['HARD bot 2', 'easy BOT 10', 'NORMAL bot 1', 'N\u041ERMAL bot l', 'hard  bot 0']) {
      const checked = checkPersonName(name);
      expect([name, checked.ok ? null : [checked.rule, checked.message]]).toEqual([name, bot]);
    }
    for (const name of ['HARD bot', 'HARD bot 2x', 'my HARD bot 2', 'Hardy bot 2']) {
      expect([name, checkPersonName(name).ok]).toEqual([name, true]);
    }
    expect(isBotDefaultSkeleton(nameSkeleton('EASY bot 123'))).toBe(true);
    // The other rules come first.
    expect(checkPersonName('')).toEqual({ ok: false, rule: 'EMPTY', message: 'name must not be empty' });
  });
});
