// A signed-in user's points and daily streak, as the faucet counts them and the dashboard explains
// them (docs/decisions.md, "Streak and points"). Constants only.

// Points for a faucet request made while signed in: a base plus a streak bonus.
export const POINTS_PER_CLAIM = 10;
export const POINTS_PER_STREAK_DAY = 2;
export const MAX_STREAK_POINTS = 20;
// A claim 24 to 48 hours after the previous one adds a day to the streak; a later one starts it again
// at 1 (one within 24 hours leaves it as it is).
export const STREAK_KEPT_WITHIN_HOURS = 48;
