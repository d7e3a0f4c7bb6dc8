// A request written byte for byte on a socket, for what fetch cannot send: a bad or missing Host, a
// request line of HTTP/1.0, headers in an order or a form of our own. One request per connection
// (send `Connection: close`); the answer is read until the server closes it, or `timeoutMs`.
import { connect } from "node:net";

export interface RawAnswer {
  // the status line's code (0: no answer)
  status: number;
  // the header names in lower case (a repeated one: its values joined with ", ")
  headers: Record<string, string>;
  body: string;
  raw: string;
}

export function parseRawAnswer(raw: string): RawAnswer {
  const end = raw.indexOf("\r\n\r\n");
  const head = end === -1 ? raw : raw.slice(0, end);
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon === -1) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  let body = end === -1 ? "" : raw.slice(end + 4);
  // (a chunked answer: its chunks joined)
  if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
    let joined = "";
    let rest = body;
    for (;;) {
      const eol = rest.indexOf("\r\n");
      const size = Number.parseInt(rest.slice(0, eol), 16);
      if (eol === -1 || !(size > 0)) break;
      joined += rest.slice(eol + 2, eol + 2 + size);
      rest = rest.slice(eol + 2 + size + 2);
    }
    body = joined;
  }
  return { status: Number(/^HTTP\/\d\.\d (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body, raw };
}

export function rawRequest(port: number, text: string, timeoutMs = 5_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    let out = "";
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    const done = () => resolve(parseRawAnswer(out));
    socket.setEncoding("latin1");
    socket.on("data", (data) => {
      out += data;
    });
    socket.on("close", done);
    socket.on("error", done);
    setTimeout(() => socket.destroy(), timeoutMs).unref();
  });
}

// GET `path` with these header lines (each "Name: value", no CR LF), on a connection of its own.
export const rawGet = (port: number, path: string, headerLines: string[], version = "1.1") =>
  rawRequest(
    port,
    `GET ${path} HTTP/${version}\r\n${[...headerLines, "Connection: close"].map((line) => `${line}\r\n`).join("")}\r\n`,
  );
