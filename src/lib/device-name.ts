// "Firefox on Windows" from a user agent: enough to recognise one's own devices in a list, and to
// tell a session's device from another's (a browser's next version is the same device).
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = [
    ["Edg/", "Edge"],
    ["OPR/", "Opera"],
    ["Firefox/", "Firefox"],
    ["Chrome/", "Chrome"],
    ["Safari/", "Safari"],
    ["curl/", "curl"],
  ].find(([mark]) => userAgent.includes(mark!))?.[1];
  const system = [
    ["Windows", "Windows"],
    ["Android", "Android"],
    ["iPhone", "iOS"],
    ["iPad", "iOS"],
    ["Mac OS X", "macOS"],
    ["CrOS", "ChromeOS"],
    ["Linux", "Linux"],
  ].find(([mark]) => userAgent.includes(mark!))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "Unknown device";
}
