// A plain https origin (a host of letters, digits, dots and dashes, an optional port): all of the CSP
// an ad's iframe may add, never a `;` (another directive), a `,` (another policy) or a `*`.
const PLAIN_HTTPS_ORIGIN = /^https:\/\/[a-z0-9.-]+(?::\d{1,5})?$/;

// Sent on every answer; the API adds no-store on top (its answers carry personal data).
// `frameOrigins`: the https origins of the ad networks whose iframes the admin placed (the pages'
// frame-src; none: frames only from this site). Anything else in it is left out.
export function securityHeaders(
  publicUrl: string | null,
  frameOrigins: readonly string[] = [],
): Record<string, string> {
  const frames = frameOrigins.filter((origin) => PLAIN_HTTPS_ORIGIN.test(origin));
  const headers: Record<string, string> = {
    "content-security-policy": [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https:",
      "font-src 'self' data:",
      "connect-src 'self'",
      ...(frames.length ? [`frame-src 'self' ${frames.join(" ")}`] : []),
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; "),
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-opener-policy": "same-origin",
    "x-frame-options": "DENY",
  };
  if (publicUrl?.startsWith("https:")) headers["strict-transport-security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
