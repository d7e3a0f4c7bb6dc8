// Messages from the contact form (limited with the other public forms, per IP) and the admin's inbox.
import type { Db } from "../../db/client.ts";
import type { RateLimit } from "../../lib/rate-limit.ts";
import { isEmail, optionalText } from "../../lib/validation.ts";
import type { Visitor } from "../signups/service.ts";
import { type ContactInput, contactErrors } from "./model.ts";
import { createContactRepository } from "./repository.ts";

export function createContactService({ db, clock, formLimit }: { db: Db; clock: () => number; formLimit: RateLimit }) {
  const repo = createContactRepository(db);
  return {
    submit(input: ContactInput, who: Visitor) {
      formLimit.hit(who.ipGroup);
      const name = optionalText(input.name, "name", 100);
      if (!name) throw contactErrors.nameRequired();
      const email = optionalText(input.email, "email", 254);
      if (!email) throw contactErrors.emailRequired();
      if (!isEmail(email)) throw contactErrors.invalidEmail();
      const message = optionalText(input.message, "message", 5000);
      if (!message) throw contactErrors.messageRequired();
      return repo.insert({ name, email, message, ipAddress: who.ip, userAgent: who.userAgent, createdAt: clock() });
    },
    list: () => repo.list(),
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
