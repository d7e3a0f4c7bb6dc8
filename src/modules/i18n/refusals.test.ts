// Every refusal and message a visitor or a user meets, in the language of the request (Accept-Language,
// as the web app's calls send it, or the `lang` cookie): the same status and X-Error-Code as in
// English, and the English answer as it always was. Waits, hours and moments are written by Intl in
// the language. The notifications are in the user's own language; the back office stays English;
// the tests' pseudo-language wraps each message of the catalog.
import { afterEach, describe, expect, test } from "bun:test";
import { LAST_HOUR, randomAddress, strangerIp, testApp, type TestApp } from "../../testing/harness.ts";
import { turnOn, network48 } from "../two-factor/guesses-testing.ts";
import { TWO_FACTOR_MESSAGES } from "../two-factor/model.ts";
import { MAX_FAILURES_PER_USERNAME } from "../../auth/throttle.ts";

let t: TestApp;
afterEach(() => t?.close());

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const inLanguage = (language: string) => ({ "accept-language": language });
// What a person notices of a refusal: its status, its code and its words.
const refusal = (res: { status: number; headers: Headers; json: any }) => ({
  status: res.status,
  code: res.headers.get("x-error-code"),
  message: res.json?.message,
});
// a device cookie as the server hands them out (a shorter one is not one: the server makes a new one)
const BUSY_DEVICE = "device-busy-0000000000000";
const ask = (ip: string, device: string, headers: Record<string, string> = {}) =>
  t.call("POST", "/api/faucet/request", {
    body: { address: randomAddress() },
    ip,
    cookie: `device=${device}`,
    headers: { "user-agent": BROWSER, ...headers },
  });

describe("the faucet's limits and budget", () => {
  test("a network's daily limit, in Turkish with its wait; in English as before", async () => {
    t = testApp();
    for (let i = 1; i <= 3; i++) expect((await ask(`192.0.2.${i}`, `device-net-${i}`)).status).toBe(201);
    const english = await ask("192.0.2.10", "device-net-10");
    expect(refusal(english)).toEqual({
      status: 429,
      code: "NETWORK_LIMIT",
      message:
        "Too many addresses from your network today (at most 3 in 24 hours). Please try again tomorrow at 12:00 UTC (in 24 h).",
    });
    const turkish = await ask("192.0.2.11", "device-net-11", inLanguage("tr"));
    expect(refusal(turkish)).toEqual({
      status: 429,
      code: "NETWORK_LIMIT",
      message:
        "Bugün ağınızdan çok fazla adres geldi (24 saatte en fazla 3). Lütfen yarın saat 12:00 UTC (24 sa. sonra) tekrar deneyin.",
    });
    expect(turkish.headers.get("retry-after")).toBe(english.headers.get("retry-after"));
  });

  test("a device's daily limit in Japanese, and the badge asked about that device says why in Japanese", async () => {
    t = testApp();
    // (in the day's last hour, its whole budget released)
    t.clock.set(LAST_HOUR);
    for (let i = 0; i < 3; i++) expect((await ask(strangerIp(i), BUSY_DEVICE)).status).toBe(201);
    const japanese = await ask(strangerIp(3), BUSY_DEVICE, inLanguage("ja"));
    expect(refusal(japanese)).toEqual({
      status: 429,
      code: "DEVICE_LIMIT",
      message:
        "本日、このデバイスからのアドレスが多すぎます（24時間で最大3件）。明日 23:00 UTC（24 時間後）にもう一度お試しください。",
    });
    const english = await ask(strangerIp(4), BUSY_DEVICE);
    expect(refusal(english)).toMatchObject({
      status: 429,
      code: "DEVICE_LIMIT",
      message: expect.stringMatching(
        /^Too many addresses from this device today \(at most 3 in 24 hours\)\. Please try again tomorrow/,
      ),
    });
    const mine = (language?: string) =>
      t.call("GET", "/api/faucet/status?mine=1", {
        cookie: `device=${BUSY_DEVICE}`,
        ip: strangerIp(5),
        headers: language ? inLanguage(language) : {},
      });
    expect((await mine("ja")).json).toMatchObject({
      isActive: true,
      message: "フォーセットは稼働中です",
      nextClaimLimit: "device",
      nextClaimReason: "本日、このデバイスからのアドレスが多すぎます（24時間で最大3件）。",
    });
    expect((await mine()).json).toMatchObject({
      message: "Faucet is online",
      nextClaimReason: "Too many addresses from this device today (at most 3 in 24 hours).",
    });
  });

  test("the hour's budget given out, in Korean: the refusal, the badge and why, the hour by Intl", async () => {
    t = testApp();
    t.clock.set(Date.UTC(2026, 0, 16, 0, 5));
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await ask(strangerIp(i), `device-hour-${i}`));
    expect(answers.some((a) => a.status === 429)).toBe(true);
    const english = await ask(strangerIp(50), "device-hour-50");
    expect(refusal(english)).toEqual({
      status: 429,
      code: "BUDGET_REACHED",
      message: "The faucet has given out this hour's XRP. More opens at 01:00 UTC.",
    });
    const korean = await ask(strangerIp(51), "device-hour-51", inLanguage("ko"));
    expect(refusal(korean)).toEqual({
      status: 429,
      code: "BUDGET_REACHED",
      message: "포셋이 이번 시간의 XRP를 모두 나눠 드렸어요. 다음 물량은 01:00 UTC에 열려요.",
    });
    expect((await t.call("GET", "/api/faucet/status", { headers: inLanguage("ko") })).json).toMatchObject({
      isActive: false,
      message: "이번 시간의 XRP를 모두 나눠 드렸어요. 다음은 01:00 UTC부터예요.",
      offlineReason: "포셋이 이번 시간의 XRP를 모두 나눠 드렸어요. 다음 물량은 01:00 UTC에 열려요.",
      offlineCode: "HOUR_GIVEN_OUT",
    });
    expect((await t.call("GET", "/api/faucet/status")).json).toMatchObject({
      message: "This hour's XRP has been given out. More at 01:00 UTC.",
      offlineReason: "The faucet has given out this hour's XRP. More opens at 01:00 UTC.",
    });
  });

  test("the faucet turned off: the badge's words in Japanese, in the page's first data too; English as before", async () => {
    t = testApp();
    const admin = await t.registerAdmin();
    const off = await t.call("POST", "/api/admin/faucet/settings", { cookie: admin.cookie, body: { enabled: false } });
    expect(off.status).toBe(200);
    expect((await t.call("GET", "/api/faucet/status", { headers: inLanguage("ja") })).json).toMatchObject({
      isActive: false,
      message: "フォーセットは停止中です",
      offlineReason: "フォーセットは現在停止中です。しばらくしてからもう一度お試しください。",
    });
    expect((await t.call("GET", "/api/faucet/status")).json).toMatchObject({
      isActive: false,
      message: "Faucet is offline",
      offlineReason: "The faucet is offline right now. Please try again later.",
    });
    const page = await t.call("GET", "/ja/faucet");
    expect(page.text).toContain("フォーセットは停止中です");
    expect((await t.call("GET", "/faucet")).text).toContain("Faucet is offline");
  });
});

describe("accounts and sign-ins", () => {
  test("too many failed logins, in Turkish with its wait in minutes", async () => {
    t = testApp();
    await t.register("alice");
    for (let i = 0; i < MAX_FAILURES_PER_USERNAME; i++)
      await t.call("POST", "/api/login", {
        body: { username: "alice", password: `guess-${i}` },
        ip: `198.51.100.${i}`,
      });
    const body = { username: "alice", password: "correct horse battery" };
    const english = await t.call("POST", "/api/login", { body, ip: "198.51.100.77" });
    expect(english.status).toBe(429);
    expect(english.json.message).toMatch(/^Too many failed logins\. Please try again in \d+ minutes?\.$/);
    const turkish = await t.call("POST", "/api/login", { body, ip: "198.51.100.77", headers: inLanguage("tr") });
    expect(turkish.status).toBe(429);
    expect(turkish.headers.get("x-error-code")).toBe(english.headers.get("x-error-code"));
    expect(turkish.json.message).toMatch(
      /^Çok fazla başarısız giriş denemesi\. Lütfen \d+ dk\. sonra tekrar deneyin\.$/,
    );
  });

  test("a weak new password in Korean and Japanese, in the words of the form's hint, the estimator's reason included", async () => {
    t = testApp();
    const register = (password: string, language?: string) =>
      t.call("POST", "/api/register", {
        body: { username: "minji", email: "minji@example.com", password },
        headers: language ? inLanguage(language) : {},
      });
    const english = await register("minji-secret-1");
    expect(refusal(english)).toEqual({
      status: 400,
      code: "WEAK_PASSWORD",
      message: "This password contains your username: choose one without it.",
    });
    expect(refusal(await register("minji-secret-1", "ko"))).toEqual({
      status: 400,
      code: "WEAK_PASSWORD",
      message: "이 비밀번호에는 사용자 이름이 들어 있습니다. 포함하지 않는 비밀번호를 선택해 주세요.",
    });
    expect((await register("qwertyuiop")).json.message).toBe(
      "This password is too easy to guess: it is one of the most common passwords. Add more words or characters.",
    );
    expect(refusal(await register("qwertyuiop", "ja"))).toEqual({
      status: 400,
      code: "WEAK_PASSWORD",
      message:
        "このパスワードは推測されやすすぎます：最もよく使われるパスワードの一つです。単語や文字を増やしてください。",
    });
  });

  test("two-factor codes guessed from many networks: the wait in seconds, in Korean", async () => {
    t = testApp();
    const boss = await t.register("boss");
    await turnOn(t, boss.cookie);
    const stepUp = (code: string, ip: string, headers: Record<string, string> = {}) =>
      t.call("POST", "/api/user/step-up", { cookie: boss.cookie, body: { code }, ip, headers });
    for (let i = 0; i < 5; i++) expect((await stepUp("999999", network48(i))).status).toBe(400);
    const korean = await stepUp("999999", network48(5), inLanguage("ko"));
    expect(refusal(korean)).toEqual({
      status: 429,
      code: "WRONG_CODES_WAIT",
      message: "이 계정에 잘못된 코드가 너무 많이 입력되었어요. 2초 후 다시 시도해 주세요.",
    });
    const english = await stepUp("999999", network48(6));
    expect(refusal(english)).toEqual({
      status: 429,
      code: "WRONG_CODES_WAIT",
      message: TWO_FACTOR_MESSAGES.wrongCodesWait(2000),
    });
    expect(english.json.message).toBe("Too many wrong codes for this account. Please try again in 2 seconds.");
  });

  test("a session that is not there, and the logout's answer, in Indonesian", async () => {
    t = testApp();
    const user = await t.register("budi");
    const missing = await t.call("DELETE", "/api/user/sessions/nope", {
      cookie: user.cookie,
      headers: inLanguage("id"),
    });
    expect(refusal(missing)).toEqual({ status: 404, code: "NOT_FOUND", message: "Sesi tidak ditemukan" });
    const ended = await t.call("DELETE", "/api/user/sessions", { cookie: user.cookie, headers: inLanguage("id") });
    expect(ended.json).toEqual({ message: "0 sesi lain diakhiri", ended: 0 });
    const out = await t.call("POST", "/api/logout", { cookie: user.cookie, headers: inLanguage("id") });
    expect(out.json).toEqual({ message: "Berhasil keluar" });
    expect((await t.call("POST", "/api/logout")).json).toEqual({ message: "Logged out successfully" });
  });
});

describe("the social bonus", () => {
  test("an account too new and the offer's waits in Turkish, the moment by Intl; share first in Japanese and Spanish", async () => {
    t = testApp();
    const user = await t.register("ayse");
    const claim = (body: Record<string, unknown>, language?: string) =>
      t.call("POST", "/api/social/bonus-request", {
        cookie: user.cookie,
        body: { address: randomAddress(), ...body },
        headers: language ? inLanguage(language) : {},
      });
    const english = await claim({ platform: "Twitter" });
    expect(refusal(english)).toEqual({
      status: 403,
      code: "ACCOUNT_TOO_NEW",
      message:
        "Your account is too new for a bonus: bonuses need an account at least 24 hours old. You can claim from Jan 16, 12:00 UTC.",
    });
    expect(refusal(await claim({ platform: "Twitter" }, "tr"))).toEqual({
      status: 403,
      code: "ACCOUNT_TOO_NEW",
      message:
        "Hesabınız bonus için çok yeni: bonuslar için hesabın en az 24 saatlik olması gerekir. 16 Oca 12:00 UTC itibarıyla talep edebilirsiniz.",
    });
    const offer = await t.call("GET", "/api/social/bonus", { cookie: user.cookie, headers: inLanguage("tr") });
    expect(offer.json.waits).toEqual([
      {
        limit: "account_age",
        availableAt: "2026-01-16T12:00:00.000Z",
        message:
          "Hesabınız bonus için çok yeni: bonuslar için hesabın en az 24 saatlik olması gerekir. 16 Oca 12:00 UTC itibarıyla talep edebilirsiniz.",
      },
    ]);
    t.clock.advance(25 * 60 * 60_000);
    expect(refusal(await claim({}, "ja"))).toEqual({
      status: 400,
      code: "BAD_REQUEST",
      message: "先にSNSでシェアしてください",
    });
    expect(refusal(await claim({ platform: "Facebook" }, "es"))).toEqual({
      status: 409,
      code: "CONFLICT",
      message: "Primero comparte en Facebook y luego reclama tu bono.",
    });
    expect((await claim({ platform: "Facebook" })).json.message).toBe(
      "Share on Facebook first, then claim your bonus.",
    );
  });
});

describe("the public forms", () => {
  test("a field's schema text, in Turkish with its field and limit; a review too long, in French", async () => {
    t = testApp();
    const signup = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      t.call("POST", "/api/newsletter/signup", { body, headers: { ...headers } });
    const long = { email: "reader@example.com", name: "n".repeat(101) };
    expect(refusal(await signup(long))).toEqual({
      status: 400,
      code: "BAD_REQUEST",
      message: "name must be text of at most 100 characters",
    });
    expect(refusal(await signup(long, inLanguage("tr")))).toEqual({
      status: 400,
      code: "BAD_REQUEST",
      message: "name en fazla 100 karakterlik bir metin olmalıdır",
    });
    const review = { review: "x".repeat(2001), rating: 5 };
    expect(refusal(await t.call("POST", "/api/reviews/submit", { body: review }))).toEqual({
      status: 400,
      code: "BAD_REQUEST",
      message: "review must be at most 2000 characters",
    });
    expect(refusal(await t.call("POST", "/api/reviews/submit", { body: review, headers: inLanguage("fr") }))).toEqual({
      status: 400,
      code: "BAD_REQUEST",
      message: "review doit faire 2000 caractères au maximum",
    });
  });

  test("the signup forms' flood, an e-mail already on the alerts and an advertiser's website, each in its language", async () => {
    t = testApp();
    const newsletter = (n: number, headers: Record<string, string> = {}) =>
      t.call("POST", "/api/newsletter/signup", { body: { email: `reader${n}@example.com` }, headers });
    const first = await newsletter(0, inLanguage("tr"));
    expect(first.status).toBe(201);
    expect(first.json.message).toBe("Kaydınız tamamlandı!");
    for (let n = 1; n < 10; n++) expect((await newsletter(n)).status).toBe(201);
    expect(refusal(await newsletter(10))).toEqual({
      status: 429,
      code: "RATE_LIMITED",
      message: "Too many signups from your network. Please try again later.",
    });
    expect(refusal(await newsletter(11, inLanguage("tr")))).toEqual({
      status: 429,
      code: "RATE_LIMITED",
      message: "Ağınızdan çok fazla kayıt geldi. Lütfen daha sonra tekrar deneyin.",
    });

    const alerts = { email: "saver@example.com", alertTypes: ["high_rewards"] };
    const ip = "198.51.100.40";
    expect((await t.call("POST", "/api/earning-alerts/signup", { body: alerts, ip })).status).toBe(201);
    expect(
      refusal(await t.call("POST", "/api/earning-alerts/signup", { body: alerts, ip, headers: inLanguage("es") })),
    ).toEqual({
      status: 409,
      code: "ALREADY_SIGNED_UP",
      message: "Este correo ya está suscrito a las alertas de ganancias",
    });

    const enquiry = { companyName: "Acme", email: "ads@acme.example", budget: "1000", website: "not a site" };
    const advertise = (headers: Record<string, string> = {}) =>
      t.call("POST", "/api/advertising/submit", { body: enquiry, ip: "198.51.100.41", headers });
    expect(refusal(await advertise())).toEqual({
      status: 400,
      code: "INVALID_WEBSITE",
      message: "Website must be a valid URL, such as https://example.com",
    });
    expect(refusal(await advertise(inLanguage("pt-BR")))).toEqual({
      status: 400,
      code: "INVALID_WEBSITE",
      message: "O site precisa ser uma URL válida, como https://example.com",
    });
  });
});

describe("notifications in the user's own language", () => {
  test("a rejected request tells a Turkish user in Turkish, the admin's reason as written; an English user as before", async () => {
    t = testApp();
    const admin = await t.registerAdmin();
    const turkish = await t.register("mehmet");
    expect(
      (await t.call("PUT", "/api/account/language", { cookie: turkish.cookie, body: { language: "tr" } })).status,
    ).toBeLessThan(300);
    const english = await t.register("emma");
    const rejected = async (cookie: string, ip: string) => {
      const made = await t.call("POST", "/api/faucet/request", {
        cookie,
        body: { address: randomAddress() },
        ip,
        headers: { "user-agent": BROWSER },
      });
      expect(made.status).toBe(201);
      const decided = await t.call("POST", `/api/admin/faucet/requests/${made.json.id}`, {
        cookie: admin.cookie,
        body: { action: "REJECTED", reason: "Looks automated" },
      });
      expect(decided.status).toBe(200);
      const items = (await t.call("GET", "/api/user/notifications", { cookie })).json.items;
      return { id: made.json.id, message: items[0].message };
    };
    const tr = await rejected(turkish.cookie, "198.51.100.60");
    expect(tr.message).toBe(`#${tr.id} numaralı musluk talebiniz reddedildi: Looks automated`);
    const en = await rejected(english.cookie, "198.51.100.61");
    expect(en.message).toBe(`Your faucet request #${en.id} was rejected: Looks automated`);
  });
});

describe("the rest of the answers", () => {
  test("a post's unprefixed page follows the visitor's language: its title in Japanese words; in English as before", async () => {
    t = testApp();
    const admin = await t.registerAdmin();
    const post = { title: "Hello", slug: "hello", body: "Hi", excerpt: "A post", status: "published" };
    expect((await t.call("POST", "/api/admin/posts", { cookie: admin.cookie, body: post })).status).toBe(201);
    const page = await t.call("GET", "/blog/hello", { headers: { cookie: "lang=ja" } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="ja"');
    expect(page.text).toContain("<title>Hello | XRP Faucet</title>");
    expect(page.text).toContain('<meta property="og:title" content="Hello | XRP Faucet" />');
    expect((await t.call("GET", "/blog/hello")).text).toContain("<title>Hello - XRP Faucet</title>");
  });

  test("the back office stays English whatever the language asked", async () => {
    t = testApp();
    const admin = await t.registerAdmin();
    const res = await t.call("GET", "/api/admin/posts/abc", { cookie: admin.cookie, headers: inLanguage("tr") });
    expect(refusal(res)).toEqual({ status: 400, code: "BAD_REQUEST", message: "The id must be a number" });
    const visitor = await t.call("POST", "/api/faucet/requests/abc/withdraw", { headers: inLanguage("tr") });
    expect(refusal(visitor)).toEqual({ status: 400, code: "BAD_REQUEST", message: "Kimlik bir sayı olmalıdır" });
  });

  test("the pseudo-language: each message of the catalog wrapped and a third longer, values included; a text of no catalog as it is", async () => {
    t = testApp();
    const login = await t.call("POST", "/api/login", {
      body: { username: "nobody", password: "wrong password here" },
      headers: inLanguage("en-XA"),
    });
    expect(refusal(login)).toEqual({
      status: 401,
      code: "NOT_LOGGED_IN",
      message: "⟦Invalid username or password~~~~~~~~~~⟧",
    });
    for (let i = 1; i <= 3; i++) expect((await ask(`192.0.2.${i}`, `pseudo-${i}`)).status).toBe(201);
    const limited = await ask("192.0.2.20", "pseudo-20", inLanguage("en-XA,en;q=0.8"));
    expect(limited.json.message).toMatch(
      /^⟦Too many addresses from your network today \(at most 3 in 24 hours\)\. Please try again tomorrow at 12:00 UTC \(in 24 h\)\.~+⟧$/,
    );
    const unknown = await t.call("POST", "/api/earning-alerts/signup", {
      body: { email: "x@example.com", alertTypes: ["nonsense"] },
      headers: inLanguage("en-XA"),
    });
    expect(unknown.json.message).toBe("Unknown alert type: nonsense");
  });
});

describe("the English texts said by the catalog", () => {
  // (a constant whose English drifts from its catalog message would stay English in every language)
  test("every message constant a visitor or a user can meet is found by its English text", async () => {
    const { sayText } = await import("./messages.ts");
    const pow = await import("../pow/model.ts");
    const reviews = await import("../reviews/model.ts");
    const signups = await import("../signups/model.ts");
    const social = await import("../social/model.ts");
    const account = await import("../account/model.ts");
    const sessions = await import("../sessions/model.ts");
    const faucet = await import("../faucet/model.ts");
    const { MESSAGES: BLOCKLIST } = await import("../blocklist/model.ts");
    const { CONTACT_THANKS } = await import("../contact/model.ts");
    const { ADVERTISING_THANKS } = await import("../advertising/model.ts");
    const { INTERNAL_ERROR } = await import("../../lib/errors.ts");
    const { BODY_TOO_LARGE } = await import("../../app-http.ts");
    const { SELF_SERVICE } = account;
    const texts = [
      pow.CHALLENGE_FLOOD,
      pow.PROOF_MISSING,
      pow.PROOF_UNREADABLE,
      pow.PROOF_FAILED,
      pow.PROOF_EXPIRED,
      pow.PROOF_USED,
      pow.PROOF_ELSEWHERE,
      pow.PROOF_OTHER_FORM,
      pow.LOGIN_PROOF_MISSING,
      pow.LOGIN_PROOF_OTHER,
      reviews.REVIEW_FLOOD,
      reviews.BONUS_FLOOD,
      reviews.REVIEW_THANKS,
      reviews.REVIEW_HELD,
      reviews.BONUS_SUBMITTED,
      signups.EMAIL_REQUIRED,
      signups.ALERT_TYPES_REQUIRED,
      signups.SIGNED_UP,
      signups.FORMS_FLOOD,
      social.LOGIN_TO_CLAIM,
      social.ADDRESS_REQUIRED,
      social.SHARE_FIRST,
      social.PLATFORM_INVALID,
      social.ADDRESS_INVALID,
      social.SHARE_RECORDED,
      social.CLAIM_SUBMITTED,
      account.LOGGED_OUT,
      account.MESSAGES.registrationsAtOnce,
      account.MESSAGES.password,
      SELF_SERVICE.wrongPassword,
      SELF_SERVICE.currentRequired,
      SELF_SERVICE.passwordChanged,
      SELF_SERVICE.resetInvalid,
      SELF_SERVICE.resetDone,
      SELF_SERVICE.resetRequested,
      SELF_SERVICE.mailOff,
      SELF_SERVICE.resetFlood,
      TWO_FACTOR_MESSAGES.notSetUp,
      TWO_FACTOR_MESSAGES.setupAgain,
      TWO_FACTOR_MESSAGES.alreadyOn,
      TWO_FACTOR_MESSAGES.notOn,
      TWO_FACTOR_MESSAGES.disabled,
      sessions.SESSION_NOT_FOUND,
      sessions.SESSION_ENDED,
      sessions.SESSION_ENDED_HERE,
      faucet.BONUS_BUDGET_REACHED,
      faucet.SURGE_NOTICE,
      BLOCKLIST.refused,
      CONTACT_THANKS,
      ADVERTISING_THANKS,
      INTERNAL_ERROR,
      BODY_TOO_LARGE,
    ];
    expect(texts.filter((text) => sayText("tr", text) === text)).toEqual([]);
  });
});
