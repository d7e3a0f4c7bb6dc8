// Sent on every answer; the API adds no-store on top (its answers carry personal data).
// `frameOrigins`: the https origins of the ad networks whose iframes the admin placed (the pages'
// frame-src; none: frames only from this site).
export function securityHeaders(publicUrl: string | null, frameOrigins: readonly string[] = []): Record<string, string> {
  const headers: Record<string, string> = {
    "content-security-policy": [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https:",
      "font-src 'self' data:",
      "connect-src 'self'",
      ...(frameOrigins.length ? [`frame-src 'self' ${frameOrigins.join(" ")}`] : []),
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
