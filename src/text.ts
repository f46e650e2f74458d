// User text inside one-line messages: characters that cannot be seen are shown escaped, and long text is cut.
import { InputError } from './errors.js';

/**
 * Characters a terminal shows as nothing or as something else: control characters, format and
 * zero-width characters (zero-width space, joiners, direction marks, the byte order mark), variation
 * selectors, tag characters, and surrogate halves with no partner.
 */
const UNSEEN = /[\u0000-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\u{e0000}-\u{e0fff}\ud800-\udfff]/gu;

/** How much of a user's text a message shows. */
export const SHOWN_CHARACTERS = 60;

/** The text as it will be shown: every unseen character written as \u{…}. */
export function escapeUnseen(text: string): string {
  return text.replace(UNSEEN, (character) => `\\u{${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}}`);
}

/** 'text' for a message: unseen characters escaped, cut to SHOWN_CHARACTERS with its length said. */
export function quote(text: string, limit = SHOWN_CHARACTERS): string {
  const characters = [...text];
  const shown = characters.length > limit ? `${escapeUnseen(characters.slice(0, limit).join(''))}…' (${characters.length} characters)` : `${escapeUnseen(text)}'`;
  return `'${shown}`;
}

/** Upper case for ASCII letters only: `ſ` or the Kelvin sign must not pass for S or K. */
export function asciiUpper(text: string): string {
  return text.replace(/[a-z]+/g, (letters) => letters.toUpperCase());
}
/** Lower case for ASCII letters only. */
export function asciiLower(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** "1 card", "2 cards". */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * What separates the words of a deal string or a move list: spaces, tabs and line ends, and every other
 * Unicode space (no-break space U+00A0, ideographic space U+3000, thin space U+2009 …). Text copied
 * from a web page, a PDF or a chat often has these, and it looks exactly like spaced text; no card or
 * move holds a space of any kind, so a space there can only mean "next word", and taking it as one is
 * never a wrong guess. Zero-width characters and the byte order mark are not spaces (Unicode's
 * White_Space): they stay in the word and are shown escaped when it is refused.
 */
export const BLANKS = /\p{White_Space}+/u;

/** Trims the blanks of BLANKS (String.trim would also drop a byte order mark, hiding it from the user). */
export function trimBlanks(text: string): string {
  // both ends printable ASCII (no White_Space is): nothing to trim, and no regular expression run
  const length = text.length;
  if (length > 0 && isPrintableAscii(text.charCodeAt(0)) && isPrintableAscii(text.charCodeAt(length - 1))) return text;
  return text.replace(/^\p{White_Space}+|\p{White_Space}+$/gu, '');
}

function isPrintableAscii(code: number): boolean {
  return code > 0x20 && code < 0x7f;
}

/** A hint for text holding U+FFFD, what a decoder writes for bytes that are not UTF-8 (a UTF-16 file read as UTF-8, say). */
export function notUtf8Hint(text: string): string {
  return text.includes('\uFFFD') ? ' (it holds U+FFFD, the mark of bytes that are not UTF-8 text: is it from a UTF-16 file? save it as UTF-8)' : '';
}

/** Trims ASCII blanks only: String.trim also drops a byte order mark or a no-break space, hiding them from the user. */
export function asciiTrim(text: string): string {
  return text.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
}

/** What to do with a file that is not UTF-8 text. */
export const SAVE_AS_UTF8 = 'save it as UTF-8 (iconv -f UTF-16 -t UTF-8, or "UTF-8" in the editor\'s Save As)';

/**
 * Refuses a UTF-16 file (Windows' "Unicode", PowerShell's `>`) by its name, rather than reading it as a line
 * of junk: by its byte order mark, or, with `ascii` (a file whose first characters are known to be ASCII,
 * such as a CSV header), by the NUL byte beside each of its first characters.
 */
export function refuseUtf16(bytes: Uint8Array, what: string, ascii = false): void {
  let utf16 = bytes[0] === 0xff && bytes[1] === 0xfe ? 'its byte order mark is FF FE, little-endian' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'its byte order mark is FE FF, big-endian' : undefined;
  if (utf16 === undefined && ascii && bytes.length >= 4) {
    const pairs = [0, 2].map((i) => [bytes[i], bytes[i + 1]]);
    if (pairs.every(([a, b]) => a !== 0 && b === 0)) utf16 = 'little-endian, without a byte order mark';
    else if (pairs.every(([a, b]) => a === 0 && b !== 0)) utf16 = 'big-endian, without a byte order mark';
  }
  if (utf16 !== undefined) throw new InputError(`${what} is UTF-16 text (${utf16}): ${SAVE_AS_UTF8}`);
}
