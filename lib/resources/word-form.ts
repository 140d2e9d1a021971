/**
 * How the content check reads text and dictionary words alike (server/content/check.ts, the
 * dictionary in server/content/dictionary.ts), and the 敏感词库 screen reads a word before sending
 * it (a word that matches as one character needs a confirmation): one function, so a word and a
 * text meet in the same form. Imported by the screen directly, so no other page carries it.
 */

/**
 * Look-alike letters folded to the Latin letter they imitate (a small, deliberate slice of Unicode's
 * confusables, UTS #39): Cyrillic and Greek capitals and small letters that render like Latin ones,
 * plus a few Latin variants NFKC keeps. Full-width and mathematical letters need no entry (NFKC).
 */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic capitals and small letters
  А: 'a',
  В: 'b',
  С: 'c',
  Е: 'e',
  Н: 'h',
  І: 'i',
  Ј: 'j',
  К: 'k',
  М: 'm',
  О: 'o',
  Р: 'p',
  Ѕ: 's',
  Т: 't',
  Х: 'x',
  У: 'y',
  Ү: 'y',
  Ԛ: 'q',
  Ԝ: 'w',
  Һ: 'h',
  Ӏ: 'l',
  а: 'a',
  в: 'b',
  с: 'c',
  ԁ: 'd',
  е: 'e',
  һ: 'h',
  і: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  ѕ: 's',
  т: 't',
  х: 'x',
  у: 'y',
  ү: 'y',
  ԝ: 'w',
  ӏ: 'l',
  ь: 'b',
  // Greek capitals and small letters
  Α: 'a',
  Β: 'b',
  Ε: 'e',
  Ζ: 'z',
  Η: 'h',
  Ι: 'i',
  Κ: 'k',
  Μ: 'm',
  Ν: 'n',
  Ο: 'o',
  Ρ: 'p',
  Τ: 't',
  Υ: 'y',
  Χ: 'x',
  α: 'a',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  γ: 'y',
  // Latin variants
  ı: 'i',
  ȷ: 'j',
  ɑ: 'a',
  ɡ: 'g',
  ɩ: 'i',
  ʏ: 'y',
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'g');
/** Combining diacritical marks (accents, strokes and overlays laid on a letter). */
const COMBINING_MARKS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;

/**
 * Text as it is matched: NFKC (full-width and mathematical letters become plain ones), accents and
 * overlaid marks removed, look-alike letters folded to Latin, lower case, without spaces,
 * punctuation, symbols or invisible (format) characters, so 赌 博, 赌.博, ＤＵＢＯ, cásino and
 * cаsino (Cyrillic а) still match. Each step is one pass over the text.
 */
export function normalizeForCheck(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .normalize('NFKC')
    .replace(LOOK_ALIKE, (ch) => LOOK_ALIKES[ch])
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}\p{Cf}]/gu, '');
}

/** A word whose matched form is one character blocks nearly every text containing it (issue 23, I2). */
export const isSingleCharacterForm = (form: string) => [...form].length === 1;
