// Refuses state-changing calls that a browser sends from another site (CSRF). Calls without
// Origin and Sec-Fetch-Site (curl, scripts) carry no ambient browser cookies and pass.
export function isCrossSiteWrite(request: Request, publicUrl: string | null, trustProxy: boolean): boolean {
  const method = request.method;
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  const origin = request.headers.get("origin");
  if (!origin) return request.headers.get("sec-fetch-site") === "cross-site";
  if (origin === "null") return true;
  if (publicUrl) return origin !== publicUrl;
  const host =
    (trustProxy && request.headers.get("x-forwarded-host")) || request.headers.get("host") || new URL(request.url).host;
  return origin !== `http://${host}` && origin !== `https://${host}`;
}
