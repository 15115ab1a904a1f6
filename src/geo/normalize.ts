/**
 * Text normalisation shared by the index build and the query parser. Both
 * sides of a lookup fold the same way, so case, accents, punctuation and a few
 * abbreviations ("St." = "Saint") never decide whether a place is found.
 */

/** Letters that carry no combining mark under NFKD and so need an explicit fold. */
const LETTER_FOLDS: Record<string, string> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i', ħ: 'h', ŋ: 'ng', ĸ: 'k',
};
const FOLDABLE = /[ßæœøđðþłıħŋĸ]/g;
const MARKS = /\p{M}+/gu;
/** Apostrophe-like characters join their neighbours: "Xi’an" and "Xian" must meet. */
const APOSTROPHES = /['’‘ʼʻ`´]/g;
const SEPARATORS = /[^\p{L}\p{N}]+/gu;
/** Already-normal text: lower-case ASCII words separated by single spaces. */
const ALREADY_PLAIN = /^[a-z0-9]+(?: [a-z0-9]+)*$/;
/** Only non-ASCII text can carry accents or special letters; NFKD is the costly step. */
const NON_ASCII = /[^\x00-\x7f]/;
const ABBREVIATED = /(?:^| )(?:st|ste|ft|mt)(?: |$)/;
const ABBREVIATIONS: Record<string, string> = { st: 'saint', ste: 'sainte', ft: 'fort', mt: 'mount' };

/**
 * Lower-case, accent-free words separated by single spaces, with "st", "ste",
 * "ft" and "mt" spelt out. Empty when the text has no letters or digits.
 */
export function normalizeText(text: string): string {
  let folded = text.toLowerCase();
  if (!ALREADY_PLAIN.test(folded)) {
    if (NON_ASCII.test(folded)) {
      folded = folded
        .normalize('NFKD')
        .replace(MARKS, '')
        .replace(FOLDABLE, (letter) => LETTER_FOLDS[letter] ?? letter);
    }
    folded = folded.replace(APOSTROPHES, '').replace(SEPARATORS, ' ').trim();
  }
  if (!ABBREVIATED.test(folded)) return folded;
  return folded
    .split(' ')
    .map((word) => ABBREVIATIONS[word] ?? word)
    .join(' ');
}

/**
 * The normalised text without spaces: the key for qualifiers, where "U.S.",
 * "US" and "u s" must all be the same code.
 */
export function compactText(text: string): string {
  return normalizeText(text).replaceAll(' ', '');
}
