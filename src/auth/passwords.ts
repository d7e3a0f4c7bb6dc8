// Argon2id through Bun.password (tests may pass a cheaper cost; production uses Bun's defaults), and
// the password rule every new password meets (src/shared/password-rule.ts).
import {
  type Estimator,
  judgePassword,
  MIN_PASSWORD_LENGTH,
  type PasswordOwner,
  plainPasswordProblem,
} from "../shared/password-rule.ts";

export interface PasswordCost {
  memoryCost?: number;
  timeCost?: number;
}

export { MAX_PASSWORD_LENGTH, MIN_ADMIN_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../shared/password-rule.ts";
// The longest password a login takes: new ones stop at MAX_PASSWORD_LENGTH (128), and a longer one
// set under an older rule, up to 256 characters, still logs in.
export const MAX_LOGIN_PASSWORD_LENGTH = 256;

export function hashPassword(password: string, cost: PasswordCost = {}): Promise<string> {
  return Bun.password.hash(password, { algorithm: "argon2id", ...cost });
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return Bun.password.verify(password, hash);
}

// The estimator (password-estimator.ts: zxcvbn-ts and its dictionaries) by a path the bundler does
// not follow, so it stays out of the server's bundle and its start: from source the file beside this
// one; in the binary its own embedded entry point, under the bundle root (build.ts). Loaded at the
// first password that needs it, once.
const ESTIMATOR = import.meta.path.endsWith(".ts")
  ? new URL("./password-estimator.ts", import.meta.url).href
  : new URL("./auth/password-estimator.js", import.meta.url).href;
let estimator: Promise<Estimator> | undefined;
const loadEstimator = () =>
  (estimator ??= import(ESTIMATOR).then((module: typeof import("./password-estimator.ts")) => module.estimate));
// Whether a password check has loaded the estimator (tests: not at start).
export const estimatorLoaded = () => estimator !== undefined;

// Why `password` may not become the password of `owner`, or null: the one rule of registration, a
// password change, a reset link and --seed-admin (which asks for 12 characters, `minLength`). The
// length and the owner's name are judged before the estimator is loaded.
export async function newPasswordProblem(
  password: string,
  owner: PasswordOwner,
  minLength = MIN_PASSWORD_LENGTH,
): Promise<string | null> {
  return (
    plainPasswordProblem(password, owner, minLength) ??
    judgePassword(password, owner, await loadEstimator(), minLength).problem
  );
}
