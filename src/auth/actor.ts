// The acting admin and where they act from, as the audit log records it; whether they entered a
// two-factor code in the last 5 minutes (step-up.ts; absent: a rule acting, not a person), and what
// handing an account to someone needs: whether a code, or without two-factor sign-in the password,
// was entered in this session in the last 5 minutes. One type for every service an admin action reaches.
import type { User } from "../db/schema.ts";

export interface Actor {
  admin: Pick<User, "id" | "username">;
  ip: string;
  stepUpDone?: boolean;
  confirmed?: boolean;
  twoFactor?: boolean;
}
