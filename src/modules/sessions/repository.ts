// The admins' sign-ins, as the audit log holds them (action 'admin.sign_in', and
// 'admin.session_elsewhere' for an admin's session used elsewhere), and the admins to tell.
import type { Db } from "../../db/client.ts";

export interface SignInRow {
  id: number;
  actor_user_id: number | null;
  actor_name: string;
  action: string;
  ip_address: string | null;
  details: string | null;
  created_at: number;
}

export const SIGN_IN_ACTION = "admin.sign_in";
export const SESSION_ELSEWHERE_ACTION = "admin.session_elsewhere";

export function createSignInRepository(db: Db) {
  const seenNetwork = db.sqlite.query<{ n: number }, [number, string, string]>(
    "select count(*) as n from audit_log where actor_user_id = ? and action = ? and json_extract(details, '$.network') = ?",
  );
  const seenDevice = db.sqlite.query<{ n: number }, [number, string, string]>(
    "select count(*) as n from audit_log where actor_user_id = ? and action = ? and json_extract(details, '$.deviceId') = ?",
  );
  const anySignIn = db.sqlite.query<{ n: number }, [number, string]>(
    "select count(*) as n from (select 1 from audit_log where actor_user_id = ? and action = ? limit 1)",
  );
  const latest = db.sqlite.query<SignInRow, [string, string, number]>(
    "select id, actor_user_id, actor_name, action, ip_address, details, created_at from audit_log where action in (?, ?) order by id desc limit ?",
  );
  const admins = db.sqlite.query<{ email: string; username: string }, []>(
    "select email, username from users where is_admin = 1",
  );
  return {
    // whether the admin signed in from this network / device before
    seenNetwork: (userId: number, network: string) => (seenNetwork.get(userId, SIGN_IN_ACTION, network)?.n ?? 0) > 0,
    // whether the admin ever signed in before (their first sign-in has nothing to compare with)
    signedInBefore: (userId: number) => (anySignIn.get(userId, SIGN_IN_ACTION)?.n ?? 0) > 0,
    seenDevice: (userId: number, deviceId: string) => (seenDevice.get(userId, SIGN_IN_ACTION, deviceId)?.n ?? 0) > 0,
    latest: (limit: number) => latest.all(SIGN_IN_ACTION, SESSION_ELSEWHERE_ACTION, limit),
    admins: () => admins.all(),
  };
}
