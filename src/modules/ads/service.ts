// The ad slots an admin fills (and empties: an empty slot shows nothing), the clicks on image ads
// (counted per slot and hour as clicks.ts allows, never stored one by one), and the https origins of
// the iframe ads, which the pages' Content-Security-Policy allows as frames.
import type { Actor } from "../../auth/actor.ts";
import type { Db } from "../../db/client.ts";
import type { AdSlotRow } from "../../db/schema.ts";
import { immediate } from "../../db/transaction.ts";
import { optionalText } from "../../lib/validation.ts";
import { recordAudit } from "../audit/service.ts";
import { uploadedImage } from "../uploads/model.ts";
import { HOUR_MS } from "../../lib/time.ts";
import { type Clicker, createClickCounter } from "./clicks.ts";
import {
  AD_SLOTS,
  type AdInput,
  adErrors,
  adLink,
  type AdSlotName,
  adminAdView,
  iframeAddress,
  isAdSlot,
  publicAdView,
} from "./model.ts";
import { createAdRepository } from "./repository.ts";

export function createAdService({ db, clock }: { db: Db; clock: () => number }) {
  const repo = createAdRepository(db);
  const counter = createClickCounter();
  let slots: Map<string, AdSlotRow> | null = null;
  const current = () => (slots ??= new Map(repo.all().map((row) => [row.slot, row])));
  const slotOf = (name: string): AdSlotName => {
    if (!isAdSlot(name)) throw adErrors.noSlot();
    return name;
  };
  const audit = (actor: Actor, action: string, slot: string, details: Record<string, unknown>) =>
    recordAudit(
      db,
      { actor: actor.admin, ip: actor.ip, action, targetType: "ad_slots", targetId: slot, details },
      clock(),
    );

  return {
    // what each slot shows a visitor (null: nothing)
    publicSlots: () =>
      Object.fromEntries(Object.keys(AD_SLOTS).map((slot) => [slot, publicAdView(current().get(slot))])) as Record<
        AdSlotName,
        ReturnType<typeof publicAdView>
      >,

    adminSlots: () =>
      (Object.keys(AD_SLOTS) as AdSlotName[]).map((slot) => {
        const row = current().get(slot);
        return adminAdView(slot, row, row ? repo.clicksSince(slot, row.updatedAt) : 0);
      }),

    // the iframe ads' origins (plain https origins only, a row stored before that is none left out),
    // for the pages' frame-src
    frameOrigins: () =>
      [
        ...new Set(
          [...current().values()].flatMap((row) => {
            const frame = iframeAddress(row.iframeUrl);
            return typeof frame === "string" ? [] : [frame.origin];
          }),
        ),
      ].sort(),

    // A visitor's click on an image ad: the ad's link to send them to (its parsed href; null: no image
    // ad), and one more in the count of the slot's row for this hour when the counter lets it count.
    // `clicker` is read only for an ad's click (it gives a browser without one a device id).
    click(name: string, clicker: () => Clicker): string | null {
      const row = current().get(slotOf(name));
      const link = row?.imageUrl ? adLink(row.linkUrl) : null;
      if (!row || !link) return null;
      const now = clock();
      // the hour's row, or, in the hour the ad was saved, a row from the save on
      const startsAt = Math.max(now - (now % HOUR_MS), row.updatedAt);
      if (counter.counts(now, `${row.slot} ${row.updatedAt}`, clicker())) repo.click(row.slot, startsAt);
      return link;
    },

    save(name: string, input: AdInput, actor: Actor) {
      const slot = slotOf(name);
      const imageUrl = uploadedImage(input.imageUrl, "imageUrl");
      const typedLink = optionalText(input.linkUrl, "linkUrl", 500) || null;
      const typedIframe = optionalText(input.iframeUrl, "iframeUrl", 500) || null;
      const alt = optionalText(input.alt, "alt", 200);
      if (!imageUrl && !typedIframe) throw adErrors.empty();
      if (imageUrl && typedIframe) throw adErrors.both();
      // stored as parsed (the link's href is what a click's Location sends)
      let linkUrl: string | null = null;
      if (imageUrl) {
        if (!typedLink) throw adErrors.linkRequired();
        linkUrl = adLink(typedLink);
        if (!linkUrl) throw adErrors.badLink();
        if (!alt) throw adErrors.altRequired();
      }
      let iframeUrl: string | null = null;
      if (typedIframe) {
        const frame = iframeAddress(typedIframe);
        if (frame === "https") throw adErrors.badIframe();
        if (frame === "host") throw adErrors.badIframeHost();
        iframeUrl = frame.href;
      }
      const row: AdSlotRow = { slot, imageUrl, linkUrl, iframeUrl, alt, updatedAt: clock() };
      immediate(db, () => {
        repo.save(row);
        // the count since this save starts at 0 (a click in the same millisecond was the old ad's)
        repo.forgetClicksSince(slot, row.updatedAt);
        audit(actor, "ads.update", slot, { imageUrl, linkUrl: row.linkUrl, iframeUrl });
      });
      slots = null;
      return adminAdView(slot, row, 0);
    },

    remove(name: string, actor: Actor) {
      const slot = slotOf(name);
      immediate(db, () => {
        if (repo.remove(slot)) audit(actor, "ads.delete", slot, {});
      });
      slots = null;
      return adminAdView(slot, undefined, 0);
    },
  };
}
export type AdService = ReturnType<typeof createAdService>;
