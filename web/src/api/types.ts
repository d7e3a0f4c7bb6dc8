// The server's answers and bodies that screens name, read off the treaty client (so off the routes
// themselves): none is written by hand. A field the server renames or drops breaks `tsc` here or
// where a screen reads it. Everything else is inferred where it is used (`useQuery` of an
// `unwrap(api....get())` has its data's type).
import type { api, Ok } from "./client";

// The data of a treaty call's successful answer.
type Data<Call extends (...args: never[]) => Promise<unknown>> = Ok<Awaited<ReturnType<Call>>>;
// The body a treaty call sends.
export type Body<Call extends (body: never, ...rest: never[]) => unknown> = NonNullable<Parameters<Call>[0]>;

// The visitor's side
export type User = Data<typeof api.user.get>;
export type RewardEntry = Data<(typeof api.user)["rewards-history"]["get"]>[number];
export type SocialPlatform = Data<typeof api.social.bonus.get>["platforms"][number]["platform"];
export type SocialBonusClaim = Body<(typeof api.social)["bonus-request"]["post"]>;

// The admin's side
export type Reward = Data<typeof api.admin.users.get>["pendingRewards"][number];
export type SettingsChange = Body<typeof api.admin.faucet.settings.post>;
export type Signup = Data<(typeof api.admin)["newsletter-signups"]["get"]>[number] | Data<(typeof api.admin)["earning-alerts-signups"]["get"]>[number];
export type AdRequest = Data<typeof api.admin.advertising.requests.get>[number];
export type Day = Data<typeof api.admin.stats.daily.get>[number];
