// Argon2id through Bun.password. Tests may pass a cheaper cost; production uses Bun's defaults.
export interface PasswordCost {
  memoryCost?: number;
  timeCost?: number;
}

export const MIN_PASSWORD_LENGTH = 8;
export const MIN_ADMIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

export function hashPassword(password: string, cost: PasswordCost = {}): Promise<string> {
  return Bun.password.hash(password, { algorithm: "argon2id", ...cost });
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return Bun.password.verify(password, hash);
}

// Passwords that are a well-known word plus digits or symbols ("Password1234!").
const COMMON_STEMS = new Set([
  "password", "passw0rd", "admin", "administrator", "qwerty", "qwertyuiop", "letmein", "welcome",
  "changeme", "iloveyou", "secret", "faucet", "xrpfaucet", "xrp", "ripple", "abc", "abcdef", "test",
]);

// Why an admin password is too weak, or null when it will do.
export function adminPasswordProblem(password: string): string | null {
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH) return `the admin password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `the admin password must be at most ${MAX_PASSWORD_LENGTH} characters`;
  if (new Set(password).size < 5) return "the admin password repeats too few different characters";
  const stem = password.toLowerCase().replace(/[^a-z0-9]/g, "").replace(/\d+$/, "");
  if (stem === "" || COMMON_STEMS.has(stem)) return "the admin password is a well-known password";
  return null;
}
