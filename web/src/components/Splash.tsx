import { LogoMark } from "./Logo";

export const SPLASH_MS = 2000;
// The last part of the splash's time: it fades away (opacity, on the compositor).
export const SPLASH_FADE_MS = 400;
const SEEN_KEY = "xrp-faucet:splash-seen";
let wanted: boolean | undefined;

// The splash plays once per browser session, on a first visit that starts at the home page: not on
// a reload, nor on a deep link (a shared link opens its page at once). Decided once per page load.
export function splashWanted(): boolean {
  if (wanted === undefined) {
    try {
      wanted = sessionStorage.getItem(SEEN_KEY) === null && window.location.pathname === "/";
      sessionStorage.setItem(SEEN_KEY, "1");
    } catch {
      wanted = false; // storage blocked: no splash rather than one on every load
    }
  }
  return wanted;
}

type Drop = { left: number; top: number; height: number; opacity: number };

// Fixed pseudo-random drops so the rain looks the same on every load.
function makeRain(count: number, seed: number): Drop[] {
  const next = () => {
    seed = (seed * 9301 + 49297) % 233280;
    return seed / 233280;
  };
  return Array.from({ length: count }, () => ({ left: next() * 100, top: next() * 50, height: 14 + next() * 24, opacity: 0.3 + next() * 0.45 }));
}

// One sheet of rain, twice as tall as the screen, its drops drawn twice (top half, bottom half): it
// slides down by half its height and starts over, seamlessly. One layer moved on the compositor,
// whatever the number of drops; it stands still when the visitor prefers less motion.
function RainSheet({ drops, className }: { drops: Drop[]; className: string }) {
  return (
    <div className={`absolute inset-x-0 -top-full h-[200%] will-change-transform motion-reduce:animate-none ${className}`}>
      {[0, 50].flatMap((half) =>
        drops.map((drop, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative list that never reorders
            key={`${half}-${i}`}
            className="absolute w-0.5 rounded-full bg-gradient-to-b from-transparent to-brand-500"
            style={{ left: `${drop.left}%`, top: `${half + drop.top}%`, height: `${drop.height}px`, opacity: drop.opacity }}
          />
        )),
      )}
    </div>
  );
}

const NEAR = makeRain(22, 7);
const FAR = makeRain(26, 31);

// The rain-themed intro of a session's first visit (splashWanted): a shower over the page with the
// name in the middle, for SPLASH_MS, fading out at the end. It is an overlay that takes no clicks:
// the page beneath paints at once and is usable at once, so the visitor is never kept waiting by it.
export function Splash({ leaving }: { leaving: boolean }) {
  return (
    <div
      role="status"
      aria-label="Loading XRP Faucet"
      className={`pointer-events-none fixed inset-0 z-50 flex items-center justify-center overflow-hidden transition-opacity duration-400 ease-out ${leaving ? "opacity-0" : "opacity-100"}`}
    >
      <div aria-hidden="true" className="absolute inset-0">
        <RainSheet drops={FAR} className="animate-rain-far" />
        <RainSheet drops={NEAR} className="animate-rain-near" />
      </div>
      <div className="relative flex flex-col items-center gap-3 rounded-2xl bg-brand-900 px-8 py-6 text-center text-white shadow-2xl motion-safe:animate-splash-pop">
        <LogoMark className="h-14 w-14 bg-white/15 ring-1 ring-white/30 [&_svg]:h-8 [&_svg]:w-8" />
        <p className="text-2xl font-bold tracking-tight">XRP Faucet</p>
        <p className="text-sm text-sky-100">Free XRP drops, fresh every day</p>
      </div>
    </div>
  );
}
