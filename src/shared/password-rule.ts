// The password rule (docs/decisions.md, "Passwords"), one for every new password: registration, a
// change in the settings, a reset link and --seed-admin on the server, and the web's strength hint,
// in the same words. NIST SP 800-63B: long enough, not too long, not easy to guess (zxcvbn-ts's
// estimate, which knows common and breached passwords, words, names, keyboard rows, dates and
// repeats), not the account's own name or email; no composition rules. The estimator itself is
// loaded by each side when first needed (src/auth/password-estimator.ts,
// web/src/features/account/zxcvbn.ts): this file imports nothing.

export const MIN_PASSWORD_LENGTH = 8;
export const MIN_ADMIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;
// zxcvbn's score (0 to 4) a new password needs: 3 is "safely unguessable", about 10^8 guesses or more.
export const MIN_PASSWORD_SCORE = 3;

// zxcvbn-ts's options. Its Levenshtein matching (a password a letter or two from a common one)
// compares the whole password with every dictionary word, which makes a check many times slower on
// the event loop. The l33t matcher tries at most 10 substitutions, and only the first 64 characters
// are judged (a longer password is judged by them): both keep one check short whatever is sent.
export const ESTIMATOR_OPTIONS = { useLevenshteinDistance: false, l33tMaxSubstitutions: 10, maxLength: 64 } as const;

// The words of this site's name and subject. A password of these alone, in any order, any number of
// times, with digits or symbols around them ("faucetxrp123", "xrpfaucet2026") is refused without the
// estimator (plainPasswordProblem); in a longer password each counts against it as a word the
// estimator knows (zxcvbn's "user inputs"), every pair in either order too, so "faucetxrp" weighs as
// "xrpfaucet".
const SITE_NAME_WORDS = ["xrp", "xrpl", "faucet", "ripple", "ledger"];
const SITE_WORDS = [
  ...SITE_NAME_WORDS,
  ...SITE_NAME_WORDS.flatMap((a) => SITE_NAME_WORDS.filter((b) => b !== a).map((b) => a + b)),
];
// (the longest first; a split the regex tries first that fails is undone a word back: "xrpledger")
const ONLY_SITE_WORDS = new RegExp(`^(?:${[...SITE_NAME_WORDS].sort((a, b) => b.length - a.length).join("|")})+$`);

// zxcvbn's warnings, as the clause after "This password is too easy to guess: ".
const WARNINGS = {
  straightRow: "it is a straight row of keys",
  keyPattern: "it is a short keyboard pattern",
  simpleRepeat: 'repeated characters like "aaa" are easy to guess',
  extendedRepeat: 'repeated patterns like "abcabc" are easy to guess',
  sequences: 'sequences like "abc" or "1234" are easy to guess',
  recentYears: "recent years are easy to guess",
  dates: "dates are easy to guess",
  topTen: "it is one of the most common passwords",
  topHundred: "it is one of the most common passwords",
  common: "it is a commonly used password",
  similarToCommon: "it is close to a commonly used password",
  wordByItself: "a single word is easy to guess",
  namesByThemselves: "a name by itself is easy to guess",
  commonNames: "common names and surnames are easy to guess",
  userInputs: "it holds your name, your email or this site's name",
  pwned: "it has been exposed in a data breach",
};

// The account whose password it is, as far as the form knows it.
export interface PasswordOwner {
  username?: string | null;
  email?: string | null;
}

// What the estimator says of a password: zxcvbn's score and its warning in WARNINGS's words.
export interface Estimate {
  score: number;
  warning: string | null;
}
export type Estimator = (password: string, owner: PasswordOwner) => Estimate;

// What estimatorOf needs of zxcvbn-ts's three packages (typed here without importing them).
type Translations = { warnings: Record<string, string> };
interface ZxcvbnPackages<T extends Translations, D, G> {
  ZxcvbnFactory: new (
    options: { translations: T; dictionary: D; graphs: G } & typeof ESTIMATOR_OPTIONS,
  ) => {
    check(password: string, userInputs: string[]): { score: number; feedback: { warning: string | null } };
  };
  common: { dictionary: object; adjacencyGraphs: G };
  en: { dictionary: object; translations: T };
}

// The estimator, built from zxcvbn-ts's packages (core, language-common, language-en).
export function estimatorOf<T extends Translations, D, G>({
  ZxcvbnFactory,
  common,
  en,
}: ZxcvbnPackages<T, D, G>): Estimator {
  const zxcvbn = new ZxcvbnFactory({
    ...ESTIMATOR_OPTIONS,
    translations: { ...en.translations, warnings: { ...en.translations.warnings, ...WARNINGS } },
    dictionary: { ...common.dictionary, ...en.dictionary } as D,
    graphs: common.adjacencyGraphs,
  });
  return (password, owner) => {
    const inputs = [owner.username, owner.email, owner.email?.split("@")[0]].filter((word): word is string =>
      Boolean(word),
    );
    const { score, feedback } = zxcvbn.check(password, [...inputs, ...SITE_WORDS]);
    return { score, warning: feedback.warning || null };
  };
}

// Why the rule refuses a password, for the web to say in the page's language (the English sentences
// below are the server's and the web's English).
export type PasswordWarning = keyof typeof WARNINGS;
export type PasswordIssue =
  | { kind: "tooShort"; minLength: number }
  | { kind: "tooLong"; maxLength: number }
  | { kind: "username" | "email" | "siteName" }
  | { kind: "guessable"; warning: PasswordWarning | null };

// Each warning's message in the `auth` catalog, which the web's hint and the server's refusal both say.
export const PASSWORD_WARNING_IDS = {
  straightRow: "auth.password.warning.straightRow",
  keyPattern: "auth.password.warning.keyPattern",
  simpleRepeat: "auth.password.warning.simpleRepeat",
  extendedRepeat: "auth.password.warning.extendedRepeat",
  sequences: "auth.password.warning.sequences",
  recentYears: "auth.password.warning.recentYears",
  dates: "auth.password.warning.dates",
  topTen: "auth.password.warning.topTen",
  topHundred: "auth.password.warning.topHundred",
  common: "auth.password.warning.common",
  similarToCommon: "auth.password.warning.similarToCommon",
  wordByItself: "auth.password.warning.wordByItself",
  namesByThemselves: "auth.password.warning.namesByThemselves",
  commonNames: "auth.password.warning.commonNames",
  userInputs: "auth.password.warning.userInputs",
  pwned: "auth.password.warning.pwned",
} as const satisfies Record<PasswordWarning, `auth.password.warning.${string}`>;

// The key of an estimate's warning (WARNINGS's words), null for none or another.
export const warningKeyOf = (warning: string | null): PasswordWarning | null =>
  (Object.keys(WARNINGS) as PasswordWarning[]).find((key) => WARNINGS[key] === warning) ?? null;

export const SITE_NAME_PROBLEM =
  "This password is too easy to guess: it is this site's name, with digits or symbols at most. Add more words or characters.";

const tooShort = (minLength: number) => `Password must be at least ${minLength} characters`;
export const PASSWORD_TOO_LONG = `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;

// What needs no estimator: the length, the account's own username or email inside it (any case), and
// a password whose letters are the site's words and nothing else.
export function plainPasswordIssue(
  password: string,
  owner: PasswordOwner,
  minLength = MIN_PASSWORD_LENGTH,
): PasswordIssue | null {
  if (password.length < minLength) return { kind: "tooShort", minLength };
  if (password.length > MAX_PASSWORD_LENGTH) return { kind: "tooLong", maxLength: MAX_PASSWORD_LENGTH };
  const lower = password.toLowerCase();
  const username = owner.username?.trim().toLowerCase();
  if (username && lower.includes(username)) return { kind: "username" };
  const email = owner.email?.trim().toLowerCase();
  if (email && lower.includes(email)) return { kind: "email" };
  if (ONLY_SITE_WORDS.test(lower.replace(/[^a-z]/g, ""))) return { kind: "siteName" };
  return null;
}

// An issue in English.
export function issueText(issue: PasswordIssue): string {
  switch (issue.kind) {
    case "tooShort":
      return tooShort(issue.minLength);
    case "tooLong":
      return PASSWORD_TOO_LONG;
    case "username":
      return "This password contains your username: choose one without it.";
    case "email":
      return "This password contains your email address: choose one without it.";
    case "siteName":
      return SITE_NAME_PROBLEM;
    case "guessable": {
      const warning = issue.warning && WARNINGS[issue.warning];
      return `This password is too easy to guess${warning ? `: ${warning}` : ""}. Add more words or characters.`;
    }
  }
}

export function plainPasswordProblem(
  password: string,
  owner: PasswordOwner,
  minLength = MIN_PASSWORD_LENGTH,
): string | null {
  const issue = plainPasswordIssue(password, owner, minLength);
  return issue && issueText(issue);
}

// What the rule says of a password: why it is refused (null: it will do), and zxcvbn's score when
// the estimator was asked (null when the length or the owner's name already refuse it).
export interface Judgement {
  problem: string | null;
  issue: PasswordIssue | null;
  score: number | null;
}

export function judgePassword(
  password: string,
  owner: PasswordOwner,
  estimate: Estimator,
  minLength = MIN_PASSWORD_LENGTH,
): Judgement {
  const plain = plainPasswordIssue(password, owner, minLength);
  if (plain) return { problem: issueText(plain), issue: plain, score: null };
  const { score, warning } = estimate(password, owner);
  if (score >= MIN_PASSWORD_SCORE) return { problem: null, issue: null, score };
  const issue: PasswordIssue = { kind: "guessable", warning: warningKeyOf(warning) };
  // (a warning of the estimator's that WARNINGS does not word is said as it is)
  const problem = `This password is too easy to guess${warning ? `: ${warning}` : ""}. Add more words or characters.`;
  return { problem, issue, score };
}
