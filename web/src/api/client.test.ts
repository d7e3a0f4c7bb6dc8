// The typed client against a fake fetch: what it sends (cookies, JSON, the proof of work and its one
// retry) and how `unwrap` turns answers into data or the screens' error texts.
import { afterEach, beforeEach, describe, expect, mock, test } from "bun:test";
import { POW_HEADER } from "../../../src/shared/forms";
import { ApiError } from "../lib/errors";

let proofs = 0;
let warmed = 0;
let forms: string[] = []; // the form each proof was taken for
mock.module("../lib/proof-of-work", () => ({
  POW_HEADER,
  takeProof: async (form: string) => {
    forms.push(form);
    return `proof-${++proofs}`;
  },
  warmProof: () => void warmed++,
  takeLoginProof: async (username: string) => {
    forms.push(`login for ${username}`);
    return `proof-${++proofs}`;
  },
}));
const { api, unwrap, setStepUpHandler } = await import("./client");
const STEP_UP_CANCELLED = "Not confirmed: nothing was changed.";

type Sent = {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
  credentials: RequestCredentials | undefined;
};
let sent: Sent[] = [];
let answers: (() => Response)[] = [];
const realFetch = globalThis.fetch;

beforeEach(() => {
  sent = [];
  answers = [];
  proofs = 0;
  warmed = 0;
  forms = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({
      url: String(input),
      method: init.method ?? "GET",
      headers: new Headers(init.headers),
      body: (init.body as string | undefined) ?? null,
      credentials: init.credentials,
    });
    const answer = answers.shift();
    if (!answer) throw new TypeError("Failed to fetch");
    return answer();
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
  setStepUpHandler(null);
});

const json =
  (body: unknown, init: ResponseInit = {}) =>
  () =>
    Response.json(body, init);
const failure =
  (status: number, statusText: string, body: string, headers: Record<string, string> = {}) =>
  () =>
    new Response(body, {
      status,
      statusText,
      headers: { "content-type": body.startsWith("{") ? "application/json" : "text/plain", ...headers },
    });

describe("requests", () => {
  test("a read is same-origin JSON, on a relative path", async () => {
    const status = {
      isActive: true,
      message: "Faucet is online",
      offlineReason: null,
      offlineCode: null,
      minAmount: "5.000000",
      maxAmount: "20.000000",
      budgetLeft: "100.000000",
      budgetTotal: "100.000000",
      budgetLeftDrops: 100_000_000,
      budgetTotalDrops: 100_000_000,
      budgetReleased: "100.000000",
      budgetSlice: "4.166667",
      nextSliceAt: null,
      reviewerBonus: "5.000000",
      nextClaimSeconds: null,
      nextClaimLimit: null,
      nextClaimReason: null,
      surge: false,
      surgeNotice: null,
    };
    answers.push(json(status));
    expect(await unwrap(api.faucet.status.get())).toEqual(status);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ url: "/api/faucet/status", method: "GET", body: null, credentials: "same-origin" });
    expect(sent[0]!.headers.get("accept")).toBe("application/json");
    expect(sent[0]!.headers.get(POW_HEADER)).toBeNull();
  });

  test("dates stay strings; a query leaves out what is unset", async () => {
    answers.push(json([{ id: 1, createdAt: "2025-01-02T03:04:05.000Z" }]));
    const rows = await unwrap(api.admin.faucet.requests.get({ query: { page: undefined } }));
    expect(rows[0]!.createdAt).toBe("2025-01-02T03:04:05.000Z");
    expect(sent[0]!.url).toBe("/api/admin/faucet/requests");
    answers.push(json({ users: [] }));
    await unwrap(api.admin.users.get({ query: { search: "a b", page: "2" } }));
    expect(sent[1]!.url).toBe("/api/admin/users?search=a%20b&page=2");
  });

  test("a path parameter and a JSON body", async () => {
    answers.push(json({ id: 7, status: "APPROVED" }));
    await unwrap(api.admin.claims({ id: 7 }).post({ status: "APPROVED" }));
    expect(sent[0]).toMatchObject({ url: "/api/admin/claims/7", method: "POST", body: '{"status":"APPROVED"}' });
    expect(sent[0]!.headers.get("content-type")).toBe("application/json");
  });

  test("a write without a body sends none", async () => {
    answers.push(json({ message: "Logged out successfully" }));
    await unwrap(api.logout.post());
    expect(sent[0]!.body).toBeNull();
    expect(sent[0]!.headers.get("content-type")).toBeNull();
  });

  test("the headers of an answer stay readable", async () => {
    answers.push(json([], { headers: { "x-total-count": "250", "x-page-size": "200" } }));
    const answer = await api.admin.faucet.requests.get();
    await unwrap(answer);
    expect(answer.response.headers.get("x-total-count")).toBe("250");
  });
});

describe("proof of work", () => {
  test("a protected form carries a proof of its own form; other POSTs and reads none", async () => {
    answers.push(json({ id: 1 }, { status: 201 }), json({ user: {} }), json({ id: 2 }, { status: 201 }));
    await unwrap(api.faucet.request.post({ address: "rAddress" }));
    await unwrap(api.login.post({ username: "a", password: "b" }));
    await unwrap(api.social["bonus-request"].post({ address: "rAddress" }));
    expect(sent.map((s) => s.headers.get(POW_HEADER))).toEqual(["proof-1", null, "proof-2"]);
    expect(forms).toEqual(["faucet", "social-bonus"]);
  });

  test("a refused proof is solved again and the form sent once more", async () => {
    answers.push(
      failure(403, "Forbidden", '{"message":"expired"}', { [POW_HEADER]: "retry" }),
      json({ id: 1 }, { status: 201 }),
    );
    expect(await unwrap(api.faucet.request.post({ address: "rAddress" }))).toEqual({ id: 1 } as never);
    expect(sent.map((s) => s.headers.get(POW_HEADER))).toEqual(["proof-1", "proof-2"]);
    expect(sent[1]!.body).toBe('{"address":"rAddress"}');
    expect(warmed).toBe(0);
  });

  test("only once: a second refusal is the answer, and the next proof is started", async () => {
    const refused = failure(403, "Forbidden", '{"message":"Please try again"}', { [POW_HEADER]: "retry" });
    answers.push(refused, refused);
    const error = await unwrap(api.faucet.request.post({ address: "rAddress" })).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe("Please try again");
    expect(sent).toHaveLength(2);
    expect(warmed).toBe(1);
  });

  test("a login refused for want of a proof (a username many sign-ins failed for) is sent once more with one for its username", async () => {
    answers.push(
      failure(403, "Forbidden", '{"message":"Many sign-ins to this account failed lately"}', { [POW_HEADER]: "retry" }),
      json({ user: { username: "boss" } }),
    );
    expect(await unwrap(api.login.post({ username: " boss ", password: "b" }))).toEqual({
      user: { username: "boss" },
    } as never);
    expect(sent.map((s) => s.headers.get(POW_HEADER))).toEqual([null, "proof-1"]);
    expect(forms).toEqual(["login for boss"]);
    expect(sent[1]!.body).toBe(sent[0]!.body);
  });

  test("a 403 without the retry header is not sent again", async () => {
    answers.push(failure(403, "Forbidden", '{"message":"Cross-site request refused"}'));
    await unwrap(api.faucet.request.post({ address: "rAddress" })).catch(() => {});
    expect(sent).toHaveLength(1);
  });
});

describe("failures", () => {
  const caught = (call: Promise<unknown>) =>
    call.then(
      () => expect.unreachable(),
      (error: unknown) => error as ApiError,
    );

  test("a read: the read-failure texts, with the answer's text as sent", async () => {
    answers.push(failure(404, "Not Found", '{"message":"Not found: /api/reviews"}'));
    expect((await caught(unwrap(api.reviews.get()))).message).toBe("Not Found: /api/reviews");
    answers.push(failure(503, "Service Unavailable", "down"));
    expect((await caught(unwrap(api.reviews.get()))).message).toBe("Server Error 503: Service Unavailable");
    answers.push(failure(403, "Forbidden", '{"message":"Admin access required"}'));
    const error = await caught(unwrap(api.admin.users.get({ query: { page: "3" } })));
    expect(error.message).toBe('Request failed 403: {"message":"Admin access required"}');
    expect(error).toMatchObject({ status: 403, statusText: "Forbidden", body: '{"message":"Admin access required"}' });
  });

  test("a 404 names the path with its query", async () => {
    answers.push(failure(404, "Not Found", ""));
    expect((await caught(unwrap(api.admin.users.get({ query: { page: "3" } })))).message).toBe(
      "Not Found: /api/admin/users?page=3",
    );
  });

  test("a write: the server's message, else the status text", async () => {
    answers.push(failure(400, "Bad Request", '{"message":"Please enter a valid XRP wallet address"}'));
    expect((await caught(unwrap(api.faucet.request.post({ address: "x" })))).message).toBe(
      "Please enter a valid XRP wallet address",
    );
    answers.push(failure(409, "Conflict", ""));
    expect((await caught(unwrap(api.admin.claims({ id: 1 }).post({ status: "PAID" })))).message).toBe("Conflict");
    answers.push(failure(500, "Internal Server Error", "123"));
    const error = await caught(unwrap(api.login.post({ username: "a", password: "b" })));
    expect(error).toMatchObject({ status: 500, statusText: "Internal Server Error", body: "123", message: "123" });
  });

  test("a request that never reached the server throws fetch's own error", async () => {
    const error = await caught(unwrap(api.login.post({ username: "a", password: "b" })));
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toBe("Failed to fetch");
  });

  test("GET /api/user answers 401 when logged out: the status is there to branch on", async () => {
    answers.push(failure(401, "Unauthorized", '{"message":"Not logged in"}'));
    const answer = await api.user.get();
    expect(answer.status).toBe(401);
    expect(answer.data).toBeNull();
  });
});

describe("step-up for money", () => {
  const stepUpRequired = failure(
    403,
    "Forbidden",
    '{"message":"Enter a code from your authenticator app to confirm this."}',
    { "x-error-code": "STEP_UP_REQUIRED" },
  );

  test("without the back office's handler, the refusal is the answer, with its code", async () => {
    answers.push(stepUpRequired);
    const error = await unwrap(api.admin.blocklist({ id: 3 }).delete()).catch((e) => e);
    expect(error).toMatchObject({
      status: 403,
      code: "STEP_UP_REQUIRED",
      message: "Enter a code from your authenticator app to confirm this.",
    });
    expect(sent).toHaveLength(1);
  });

  test("asks for the code with the server's words, then sends the same call once more", async () => {
    const asked: string[] = [];
    setStepUpHandler(async (message) => {
      asked.push(message);
      return true;
    });
    answers.push(stepUpRequired, json({ id: 7, status: "APPROVED" }));
    expect(await unwrap(api.admin.claims({ id: 7 }).post({ status: "APPROVED" }))).toEqual({
      id: 7,
      status: "APPROVED",
    } as never);
    expect(asked).toEqual(["Enter a code from your authenticator app to confirm this."]);
    expect(sent.map((s) => [s.method, s.url, s.body])).toEqual([
      ["POST", "/api/admin/claims/7", '{"status":"APPROVED"}'],
      ["POST", "/api/admin/claims/7", '{"status":"APPROVED"}'],
    ]);
  });

  test("only once: refused again after the code, the refusal is the answer", async () => {
    let asked = 0;
    setStepUpHandler(async () => ++asked > 0);
    answers.push(stepUpRequired, stepUpRequired);
    const error = await unwrap(api.admin.claims({ id: 7 }).post({ status: "APPROVED" })).catch((e) => e);
    expect(error).toMatchObject({ status: 403, code: "STEP_UP_REQUIRED" });
    expect(asked).toBe(1);
    expect(sent).toHaveLength(2);
  });

  test("cancelled: the call fails in words, and is not sent again", async () => {
    setStepUpHandler(async () => false);
    answers.push(stepUpRequired);
    const error = await unwrap(api.admin.blocklist({ id: 3 }).delete()).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: "STEP_UP_CANCELLED", message: STEP_UP_CANCELLED });
    expect(sent).toHaveLength(1);
  });

  test("calls refused at the same time share one question", async () => {
    let asked = 0;
    let answer: (ok: boolean) => void = () => {};
    setStepUpHandler(() => {
      asked++;
      return new Promise<boolean>((resolve) => (answer = resolve));
    });
    answers.push(stepUpRequired, stepUpRequired, json({ id: 1 }), json({ id: 2 }));
    const both = Promise.all([
      unwrap(api.admin.claims({ id: 1 }).post({ status: "APPROVED" })),
      unwrap(api.admin.claims({ id: 2 }).post({ status: "APPROVED" })),
    ]);
    while (sent.length < 2) await Bun.sleep(1);
    await Bun.sleep(5);
    answer(true);
    expect((await both).map((r) => (r as { id: number }).id)).toEqual([1, 2]);
    expect(asked).toBe(1);
    expect(sent).toHaveLength(4);
  });

  test("a refusal of another kind never asks", async () => {
    let asked = 0;
    setStepUpHandler(async () => ++asked > 0);
    answers.push(
      failure(
        403,
        "Forbidden",
        '{"message":"Set up two-factor sign-in on your settings page before using the admin screens."}',
        { "x-error-code": "TWO_FACTOR_SETUP_REQUIRED" },
      ),
    );
    const error = await unwrap(api.admin.blocklist({ id: 3 }).delete()).catch((e) => e);
    expect(error).toMatchObject({ status: 403, code: "TWO_FACTOR_SETUP_REQUIRED" });
    expect(asked).toBe(0);
  });
});

// A backup's download: the admin's password buys a one-time link (the browser then downloads it with
// lib/download-link.ts; web/e2e/backups.e2e.test.ts checks the bytes and the name on disk).
describe("a backup's download link", () => {
  const name = "xrp-faucet-20260115-120000.db";
  const link = json({ url: `/api/admin/backups/${name}?token=t1`, expiresAt: "2026-01-15T12:01:00.000Z" });
  const stepUpRequired = failure(
    403,
    "Forbidden",
    '{"message":"Enter a code from your authenticator app to confirm this."}',
    { "x-error-code": "STEP_UP_REQUIRED" },
  );
  const askLink = () => unwrap(api.admin.backups({ name }).download.post({ password: "pw" }));

  test("the link arrives as the server names it, on one same-origin POST with the password", async () => {
    answers.push(link);
    expect((await askLink()).url).toBe(`/api/admin/backups/${name}?token=t1`);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      url: `/api/admin/backups/${name}/download`,
      method: "POST",
      body: '{"password":"pw"}',
      credentials: "same-origin",
    });
  });

  test("a download that needs a code asks for it, then asks again with the password", async () => {
    const asked: string[] = [];
    setStepUpHandler(async (message) => {
      asked.push(message);
      return true;
    });
    answers.push(stepUpRequired, link);
    expect((await askLink()).url).toBe(`/api/admin/backups/${name}?token=t1`);
    expect(asked).toEqual(["Enter a code from your authenticator app to confirm this."]);
    expect(sent.map((s) => [s.method, s.url, s.body])).toEqual([
      ["POST", `/api/admin/backups/${name}/download`, '{"password":"pw"}'],
      ["POST", `/api/admin/backups/${name}/download`, '{"password":"pw"}'],
    ]);
  });

  test("cancelled, nothing is asked again; refused, the server's words", async () => {
    setStepUpHandler(async () => false);
    answers.push(stepUpRequired);
    expect(await askLink().catch((e) => e)).toMatchObject({
      status: 403,
      code: "STEP_UP_CANCELLED",
      message: STEP_UP_CANCELLED,
    });
    expect(sent).toHaveLength(1);

    answers.push(failure(404, "Not Found", '{"message":"No such backup"}', { "x-error-code": "BACKUP_NOT_FOUND" }));
    const error = await askLink().catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: "BACKUP_NOT_FOUND", message: "No such backup" });
  });
});
