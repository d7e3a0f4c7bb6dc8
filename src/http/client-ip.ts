interface SocketInfo {
  requestIP(request: Request): { address: string } | null;
}

// `server` is Bun's server (null under app.handle in tests).
export type ClientIpResolver = (request: Request, server: unknown) => string;

// The socket address, or, behind the one trusted reverse proxy, the last X-Forwarded-For hop
// (the address that proxy saw). Without trustProxy the header is ignored: clients can forge it.
export function createClientIpResolver(trustProxy: boolean): ClientIpResolver {
  return (request, server) => {
    if (trustProxy) {
      const forwarded = request.headers.get("x-forwarded-for");
      const last = forwarded?.split(",").at(-1)?.trim();
      if (last && last.length <= 64) return normalizeIp(last);
    }
    const address = (server as SocketInfo | null)?.requestIP(request)?.address;
    return address ? normalizeIp(address) : "unknown";
  };
}

function normalizeIp(ip: string): string {
  const lower = ip.toLowerCase();
  return lower.startsWith("::ffff:") && lower.includes(".") ? lower.slice(7) : lower;
}
