// The typed API client: an Eden treaty built from the server's own type (`App`, imported as a type
// only, so no server code reaches the browser; the treaty is our small copy, ./treaty.ts). A renamed
// route or field breaks `tsc`, not the page.
//   api.faucet.status.get()                    GET /api/faucet/status
//   api.admin.claims({ id }).post({ status })  POST /api/admin/claims/:id
// Every call goes through `unwrap`, which gives the answer's data or throws an ApiError with the
// texts the screens show.
import { formAt, LOGIN_PATH } from "../../../src/shared/forms";
import { ApiError, apiError } from "../lib/errors";
import { POW_HEADER, takeLoginProof, takeProof, warmProof } from "../lib/proof-of-work";
import { treaty } from "./treaty";
import { i18n, t } from "../i18n";

// What `unwrap` needs to word a failure: the request, and the answer's text as the server sent it
// (treaty keeps only the parsed value).
const failures = new WeakMap<Response, { method: string; path: string; body: Promise<string> }>();

// Step-up for money: an admin with two-factor sign-in approves, pays, raises a limit or unblocks only
// with a code entered in the last 5 minutes; without one the server answers 403 STEP_UP_REQUIRED.
// The back office registers how to ask for the code (its dialog: true once a code was accepted,
// false when cancelled); every call refused so is then sent once more, or fails with STEP_UP_CANCELLED (stepUpCancelled's words).
// Calls refused at the same time share one question.
export const STEP_UP_REQUIRED = "STEP_UP_REQUIRED";
export const stepUpCancelled = () => t("common.errors.notConfirmed");
type AskForCode = (message: string) => Promise<boolean>;
let askForCode: AskForCode | null = null;
let asking: Promise<boolean> | null = null;
export function setStepUpHandler(handler: AskForCode | null): void {
  askForCode = handler;
}
async function steppedUp(refused: Response): Promise<boolean> {
  if (!askForCode) return false;
  const message = await refused
    .clone()
    .json()
    .then((body: { message?: unknown }) => (typeof body.message === "string" ? body.message : ""))
    .catch(() => "");
  asking ??= askForCode(message).finally(() => {
    asking = null;
  });
  return asking;
}

// Treaty's fetcher: the public forms' POSTs carry a proof of work for their form, and one the server
// refused (403 with `X-Proof-Of-Work: retry`: expired, or fetched on another network) is solved again
// and the form sent once more. A login refused so (many sign-ins to that username failed lately) is
// sent once more with a proof for its username. A call refused for want of a fresh two-factor code
// (above) is sent once more after the code.
// Every call says the page's language (Accept-Language): the server writes its messages in it.
async function send(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const languageHeaders = new Headers(init.headers);
  languageHeaders.set("accept-language", i18n.locale);
  init = { ...init, headers: languageHeaders };
  const path = String(input);
  const method = init.method ?? "GET";
  const form = method === "POST" ? formAt(path.split("?")[0]!) : undefined;
  const attempt = async (proof: string | null) => {
    if (!proof) return fetch(input, init);
    const headers = new Headers(init.headers);
    headers.set(POW_HEADER, proof);
    return fetch(input, { ...init, headers });
  };
  let response = await attempt(form ? await takeProof(form) : null);
  const retry = response.status === 403 && response.headers.get(POW_HEADER) === "retry";
  if (form && retry) response = await attempt(await takeProof(form));
  else if (retry && method === "POST" && path === LOGIN_PATH)
    response = await attempt(await takeLoginProof(usernameIn(init.body)));
  // A refused form is likely sent again after a fix: have the next proof ready.
  if (form && !response.ok) warmProof(form);
  if (response.status === 403 && askForCode && response.headers.get("x-error-code") === STEP_UP_REQUIRED) {
    if (!(await steppedUp(response)))
      throw new ApiError(403, response.statusText, "", stepUpCancelled(), "STEP_UP_CANCELLED");
    response = await attempt(null);
  }
  if (!response.ok)
    failures.set(response, {
      method,
      path,
      body: response
        .clone()
        .text()
        .catch(() => ""),
    });
  return response;
}

// The username of a login's JSON body ("" when there is none).
function usernameIn(body: RequestInit["body"]): string {
  try {
    const username = typeof body === "string" ? JSON.parse(body)?.username : undefined;
    return typeof username === "string" ? username.trim() : "";
  } catch {
    return "";
  }
}

// (same origin: paths stay relative, "/api/..."; dates stay the ISO strings the types say)
export const api = treaty({
  fetch: { credentials: "same-origin" },
  headers: { accept: "application/json" },
  fetcher: send as typeof fetch,
}).api;

// One answer of a treaty call, as far as `unwrap` reads it.
export type Answer = { data: unknown; error: unknown; response: Response | undefined; status: number };
// The data of a successful answer. (A route defined on createApp's own instance, after its hooks,
// also lists `Response` among its answers, for the hooks' early replies; a JSON answer never is one.)
export type Ok<A> = A extends { error: null; data: infer Data } ? Exclude<Data, Response> : never;

// The data of an answer, or a thrown ApiError: a GET's failure has the read-failure text, any other
// method's the server's message. A request that never reached the server throws fetch's own error
// ("Failed to fetch").
export async function unwrap<A extends Answer>(call: A | Promise<A>): Promise<Ok<A>> {
  const answer = await call;
  if (answer.error === null) return answer.data as Ok<A>;
  const failure = answer.response && failures.get(answer.response);
  if (!answer.response || !failure) {
    const cause = (answer.error as { value?: unknown } | null)?.value;
    throw cause instanceof Error ? cause : answer.error;
  }
  throw apiError(answer.response, failure.method, failure.path, await failure.body);
}
