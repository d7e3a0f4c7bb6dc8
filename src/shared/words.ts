// Words the server's messages and the web app's screens both say. Pure functions, importing nothing.

// "1 address", "2 addresses", "2 requests": a count with its noun, "es" after a word ending in "s".
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : word.endsWith("s") ? "es" : "s"}`;

// The reason of a faucet request its visitor withdrew while it waited (it reads as rejected).
export const WITHDRAWN_BY_VISITOR = "Withdrawn by the visitor";
