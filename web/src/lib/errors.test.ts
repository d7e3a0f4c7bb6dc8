import { describe, expect, test } from "bun:test";
import {
  ApiError,
  apiError,
  authErrorText,
  bodyMessage,
  errorText,
  mutationFailureMessage,
  readFailureMessage,
  refusalText,
} from "./errors";

const response = (status: number, statusText: string) => new Response(null, { status, statusText });

describe("read failures", () => {
  test("server errors name the status", () => {
    expect(readFailureMessage(response(503, "Service Unavailable"), "/api/x", "down")).toBe(
      "Server Error 503: Service Unavailable",
    );
  });
  test("404 names the path", () => {
    expect(readFailureMessage(response(404, "Not Found"), "/api/reviews", "")).toBe("Not Found: /api/reviews");
  });
  test("other failures show the body, else the status text", () => {
    expect(readFailureMessage(response(403, "Forbidden"), "/api/x", "no access")).toBe("Request failed 403: no access");
    expect(readFailureMessage(response(403, "Forbidden"), "/api/x", "")).toBe("Request failed 403: Forbidden");
  });
});

describe("mutation failures", () => {
  test("a JSON message is shown instead of raw JSON", () => {
    expect(bodyMessage('{"message":"Invalid username or password"}')).toBe("Invalid username or password");
    expect(mutationFailureMessage(response(400, "Bad Request"), "plain text")).toBe("plain text");
    expect(mutationFailureMessage(response(400, "Bad Request"), "")).toBe("Bad Request");
  });
  test("login shows the status text for server errors and the network error text", () => {
    expect(authErrorText(new ApiError(500, "Internal Server Error", "{}", "x"))).toBe("Internal Server Error");
    expect(authErrorText(new ApiError(401, "Unauthorized", "", "Invalid username or password"))).toBe(
      "Invalid username or password",
    );
    expect(authErrorText(new TypeError("Failed to fetch"))).toBe(
      "Can't reach the server. Check your connection and try again.",
    );
  });
  test("a request that never reached the server says so in words, whatever the browser", () => {
    for (const message of ["Failed to fetch", "NetworkError when attempting to fetch resource.", "Load failed"]) {
      expect(errorText(new TypeError(message))).toBe("Can't reach the server. Check your connection and try again.");
    }
    expect(errorText(new TypeError("x is not a function"))).toBe("x is not a function");
  });
});

describe("apiError", () => {
  test("a GET gets the read-failure text, any other method the mutation-failure text", () => {
    const read = apiError(response(404, "Not Found"), "GET", "/api/reviews", '{"message":"Not found: /api/reviews"}');
    expect(read).toBeInstanceOf(ApiError);
    expect(read).toMatchObject({
      status: 404,
      statusText: "Not Found",
      body: '{"message":"Not found: /api/reviews"}',
      message: "Not Found: /api/reviews",
    });
    expect(
      apiError(response(400, "Bad Request"), "POST", "/api/faucet/request", '{"message":"Invalid address"}').message,
    ).toBe("Invalid address");
    expect(apiError(response(400, "Bad Request"), "PATCH", "/api/admin/reviews/1", "").message).toBe("Bad Request");
  });
  test("keeps the answer's X-Error-Code, for a screen to branch on", () => {
    const coded = new Response(null, {
      status: 401,
      statusText: "Unauthorized",
      headers: { "x-error-code": "TWO_FACTOR_REQUIRED" },
    });
    expect(apiError(coded, "POST", "/api/login", '{"message":"Enter the code"}')).toMatchObject({
      status: 401,
      code: "TWO_FACTOR_REQUIRED",
      message: "Enter the code",
    });
    expect(apiError(response(400, "Bad Request"), "POST", "/api/login", "").code).toBeNull();
  });
});

describe("a refusal where the person is", () => {
  test("is the server's sentence, never the read failure's raw JSON", () => {
    const error = apiError(
      response(400, "Bad Request"),
      "GET",
      "/api/faucet/requests?address=hello",
      '{"message":"Please enter a valid XRP wallet address"}',
    );
    expect(error.message).toBe('Request failed 400: {"message":"Please enter a valid XRP wallet address"}');
    expect(refusalText(error)).toBe("Please enter a valid XRP wallet address");
  });
  test("a lost connection and a cancelled request in words; a server error as read failures say it", () => {
    expect(refusalText(new TypeError("Failed to fetch"))).toBe(
      "Can't reach the server. Check your connection and try again.",
    );
    expect(refusalText(new DOMException("The operation was aborted.", "AbortError"))).toBe(
      'Cancelled: nothing more is sent. If it reached us before, it shows under "Your requests".',
    );
    expect(refusalText(apiError(response(503, "Service Unavailable"), "GET", "/api/x", "down"))).toBe(
      "Server Error 503: Service Unavailable",
    );
  });
});
