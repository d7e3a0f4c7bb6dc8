// The links that download a backup: each works once, within DOWNLOAD_LINK_MS, in the session that
// asked for it, for that backup. Kept in memory: a restart ends them, as it would a download.
import { backupErrors, DOWNLOAD_LINK_MS, DOWNLOAD_LINKS_KEPT } from "./model.ts";

export function createDownloadLinks(clock: () => number) {
  // the links not yet used, by token
  const links = new Map<string, { name: string; sessionId: string; expiresAt: number }>();
  return {
    // A new link for this backup in this session (expired ones forgotten first, and the oldest
    // while DOWNLOAD_LINKS_KEPT are kept).
    issue(name: string, sessionId: string): { token: string; expiresAt: number } {
      const now = clock();
      for (const [token, link] of links)
        if (link.expiresAt <= now || links.size >= DOWNLOAD_LINKS_KEPT) links.delete(token);
      const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
      const expiresAt = now + DOWNLOAD_LINK_MS;
      links.set(token, { name, sessionId, expiresAt });
      return { token, expiresAt };
    },

    // Uses up the link of this backup in this session; 403 for any other link.
    use(name: string, token: string | undefined, sessionId: string): void {
      const link = token === undefined ? undefined : links.get(token);
      if (!link || link.name !== name || link.sessionId !== sessionId) throw backupErrors.linkInvalid();
      links.delete(token!);
      if (link.expiresAt <= clock()) throw backupErrors.linkInvalid();
    },
  };
}
