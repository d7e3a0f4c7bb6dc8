// Messages from the contact form (limited with the other public forms per IP group, and on its own
// per network: MESSAGES_PER_NETWORK_HOURLY) and the admin's inbox, a page at a time, with or
// without the messages that came in a burst.
import type { Db } from "../../db/client.ts";
import { immediate } from "../../db/transaction.ts";
import type { RateLimit } from "../../lib/rate-limit.ts";
import { HOUR_MS } from "../../lib/time.ts";
import { isEmail, optionalText } from "../../lib/validation.ts";
import {
  BURST_SIZE,
  BURST_WINDOW_MS,
  type ContactInput,
  contactErrors,
  INBOX_PAGE_SIZE,
  MESSAGES_PER_NETWORK_HOURLY,
  type Sender,
} from "./model.ts";
import { createContactRepository } from "./repository.ts";
import { type LiveChanged, NOTHING_WATCHES } from "../live/model.ts";

// `changed`: told of each message, for the admins watching (modules/live).
export function createContactService({
  db,
  clock,
  formLimit,
  changed = NOTHING_WATCHES,
}: {
  db: Db;
  clock: () => number;
  formLimit: RateLimit;
  changed?: LiveChanged;
}) {
  const repo = createContactRepository(db);
  return {
    submit(input: ContactInput, who: Sender) {
      formLimit.hit(who.ipGroup);
      const name = optionalText(input.name, "name", 100);
      if (!name) throw contactErrors.nameRequired();
      const email = optionalText(input.email, "email", 254);
      if (!email) throw contactErrors.emailRequired();
      if (!isEmail(email)) throw contactErrors.invalidEmail();
      const message = optionalText(input.message, "message", 5000);
      if (!message) throw contactErrors.messageRequired();
      const now = clock();
      return immediate(db, () => {
        // the network's messages of the last hour (its /64s, or its IPv4 addresses, are one sender)
        const recent = repo.fromNetwork(who.network, now - HOUR_MS);
        if (recent.n >= MESSAGES_PER_NETWORK_HOURLY)
          throw contactErrors.networkLimit((recent.first ?? now) + HOUR_MS - now);
        const row = repo.insert({
          name,
          email,
          message,
          ipAddress: who.ip,
          ipNetwork: who.network,
          ipWide: who.wide,
          userAgent: who.userAgent,
          createdAt: now,
        });
        // the third from its wide network within the window puts those of the window in a burst
        const since = now - BURST_WINDOW_MS;
        if (repo.fromWide(who.wide, since) >= BURST_SIZE) repo.markBurst(who.wide, since);
        changed("messages");
        return row;
      });
    },
    // A page of the inbox, newest first, and its counts: the messages the list holds (without the
    // bursts when they are hidden) and those that came in a burst.
    list(page: number, hideBursts: boolean) {
      const totals = repo.totals();
      return {
        rows: repo.page(INBOX_PAGE_SIZE, (page - 1) * INBOX_PAGE_SIZE, hideBursts),
        total: hideBursts ? totals.calm : totals.all,
        bursts: totals.all - totals.calm,
        pageSize: INBOX_PAGE_SIZE,
        unread: repo.unread(),
      };
    },
    unread: () => repo.unread(),
    setRead(id: number, read: boolean) {
      const row = repo.setRead(id, read ? clock() : null);
      if (!row) throw contactErrors.notFound();
      return row;
    },
    remove(id: number) {
      if (!repo.remove(id)) throw contactErrors.notFound();
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
