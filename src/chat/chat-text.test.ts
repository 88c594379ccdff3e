// The chat text rules, case by case.
import { checkChatText } from './chat-text';

const ok = (text: string) => ({ text });

describe('checkChatText', () => {
  test('trims Unicode white space and keeps the rest as given', () => {
    expect(checkChatText('\u3000 hola\u00a0 ')).toEqual(ok('hola'));
    expect(checkChatText('<script>alert(1)</script>')).toEqual(ok('<script>alert(1)</script>'));
  });

  test('counts extended grapheme clusters: a family emoji is one character', () => {
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';
    expect(checkChatText(`${family}${'a'.repeat(279)}`)).toEqual(ok(`${family}${'a'.repeat(279)}`));
    expect(checkChatText(`${family}${'a'.repeat(280)}`)).toEqual({
      error: 'text must be at most 280 characters',
    });
    expect(checkChatText('é'.normalize('NFD').repeat(280))).toEqual(ok('é'.normalize('NFD').repeat(280)));
  });

  test('a text of more than 2,048 UTF-8 bytes is refused, whatever it counts as characters', () => {
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}'; // 25 bytes
    expect(checkChatText(`${family.repeat(81)}${'é'.repeat(11)}a`)).toEqual(
      ok(`${family.repeat(81)}${'é'.repeat(11)}a`),
    );
    expect(checkChatText(`${family.repeat(81)}${'é'.repeat(12)}`)).toEqual({
      error: 'text must be at most 2048 bytes in UTF-8 (it has 2049)',
    });
  });

  test('a character of more than 16 code points is refused', () => {
    expect(checkChatText(`a${'\u0301'.repeat(15)}`)).toEqual(ok(`a${'\u0301'.repeat(15)}`));
    expect(checkChatText(`a${'\u0301'.repeat(16)}`)).toEqual({
      error: 'text must not have a character of more than 16 code points',
    });
  });

  test.each(['\u061c', '\u200e', '\u200f', '\u202a', '\u202e', '\u2066', '\u2069', '\u2028', '\u2029'])(
    'U+%s inside a text is refused',
    (ch) => {
      expect(checkChatText(`a${ch}b`)).toHaveProperty('error');
    },
  );

  test.each(['\t', '\n', '\r', '\u0000', '\u007f', '\u0085'])(
    'control character %j inside is refused',
    (ch) => {
      expect(checkChatText(`a${ch}b`)).toEqual({
        error: 'text must not contain control characters (no tabs or line breaks)',
      });
    },
  );

  test('something visible is required', () => {
    for (const blank of ['\u3164', '\u2800', '\uffa0', '\u115f', '\u200b', '\u200d\ufe0f', '\u00ad'])
      expect(checkChatText(blank)).toEqual({ error: 'text must contain something visible' });
    expect(checkChatText('   ')).toEqual({ error: 'text must not be empty' });
    expect(checkChatText('\u2764\ufe0f')).toEqual(ok('\u2764\ufe0f'));
    expect(checkChatText('a\u200cb')).toEqual(ok('a\u200cb'));
  });

  test('lone surrogates are refused', () => {
    expect(checkChatText('a\ud800b')).toEqual({ error: 'text must be valid Unicode (no lone surrogates)' });
  });
});
