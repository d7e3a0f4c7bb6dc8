// What the proof-of-work tests share: an app that asks for proofs at a low difficulty, a challenge for
// a form, a faucet request with the headers given, and a refusal that stores nothing.
import { afterAll, expect } from "bun:test";
import type { Challenge } from "altcha-lib";
import { randomAddress, testApp, type TestApp } from "../../testing/harness.ts";
import type { ProtectedForm } from "../../shared/forms.ts";
import { POW_HEADER } from "./service.ts";

export const DIFFICULTY = 60;

// One app for the test file's tests (closed after them) and the calls to it.
export function powApp() {
  const t = testApp({ powDifficulty: DIFFICULTY });
  afterAll(() => {
    t.close();
  });
  const requests = () => (t.db.sqlite.query("select count(*) as n from faucet_requests").get() as { n: number }).n;
  const challenge = async (app: TestApp = t, form: ProtectedForm = "faucet", ip?: string): Promise<Challenge> =>
    (await app.call("GET", `/api/pow/challenge?form=${form}`, { ip })).json.challenge;
  const ask = (headers: Record<string, string> = {}, ip?: string) =>
    t.call("POST", "/api/faucet/request", { body: { address: randomAddress() }, headers, ip });
  const refusedWith = async (headers: Record<string, string>, message: string, ip?: string) => {
    const before = requests();
    const res = await ask(headers, ip);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ message });
    expect(res.headers.get(POW_HEADER)).toBe("retry");
    expect(requests()).toBe(before);
  };
  return { t, requests, challenge, ask, refusedWith };
}
