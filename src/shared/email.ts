// An e-mail field's rule and message, the same on the server and in the browser (which checks it
// before a form solves its proof of work). Constants and a pure check only, importing nothing.

export const INVALID_EMAIL = "Please enter a valid email address";

// An e-mail address and nothing else (docs/decisions.md, "An e-mail field takes an address only"),
// for every e-mail field a person types:
// - the part before "@": at most 64 letters, digits and the characters RFC 5322 allows there
//   (! $ ' * + - ^ _ ` { | } ~), in runs joined by single dots, but none of # % & / = ?, which a
//   mailto: link reads as its own (?cc=, &bcc=, &body=, #, %-escapes);
// - the part after it: a host name, labels of letters, digits and inner hyphens joined by dots,
//   ending in a top-level name of two or more that starts with a letter (xn-- names included).
// Letters and digits of any script (an address may be internationalised). Nothing else: no query,
// no path, no second "@", no space or line break.
const LOCAL_CHAR = "[\\p{L}\\p{M}\\p{N}!$'*+\\-^_`{|}~]";
const LABEL_CHAR = "[\\p{L}\\p{M}\\p{N}]";
export const EMAIL_PATTERN = new RegExp(
  `^(?=[^@]{1,64}@)${LOCAL_CHAR}+(?:\\.${LOCAL_CHAR}+)*@(?:${LABEL_CHAR}(?:[\\p{L}\\p{M}\\p{N}-]{0,61}${LABEL_CHAR})?\\.)+\\p{L}[\\p{L}\\p{M}\\p{N}-]{0,61}${LABEL_CHAR}$`,
  "u",
);

export const isEmail = (value: string) => value.length <= 254 && EMAIL_PATTERN.test(value);
