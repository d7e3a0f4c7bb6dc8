// The shapes of the server's answers and bodies, read off the treaty client (so off the routes
// themselves): none is written by hand. A field the server renames or drops breaks `tsc` where a
// screen reads it. Each feature's api.ts names the types of its own calls with these two; everything
// else is inferred where it is used (`useQuery` of an `unwrap(api....get())` has its data's type).
import type { api, Ok } from "./client";

// The data of a treaty call's successful answer.
export type Data<Call extends (...args: never[]) => Promise<unknown>> = Ok<Awaited<ReturnType<Call>>>;
// The body a treaty call sends.
export type Body<Call extends (body: never, ...rest: never[]) => unknown> = NonNullable<Parameters<Call>[0]>;

// The logged-in user, as GET /api/user gives it.
export type User = Data<typeof api.user.get>;
