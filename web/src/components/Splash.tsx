import { LogoMark } from "./Logo";

export const SPLASH_MS = 2000;
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

type Drop = { left: number; top: number; delay: number; duration: number; height: number; opacity: number };

// Fixed pseudo-random drops so the rain looks the same on every load.
function makeRain(count: number): Drop[] {
  let seed = 7;
  const next = () => {
    seed = (seed * 9301 + 49297) % 233280;
    return seed / 233280;
  };
  return Array.from({ length: count }, () => ({
    left: next() * 100,
    top: next() * 95,
    delay: -next() * 1.2,
    duration: 0.6 + next() * 0.6,
    height: 12 + next() * 22,
    opacity: 0.35 + next() * 0.5,
  }));
}

const RAIN = makeRain(48);

// The rain-themed intro shown for 2 seconds on a session's first visit (splashWanted); the rain stands still when the visitor prefers less motion.
export function Splash() {
  return (
    <div
      role="status"
      aria-label="Loading XRP Faucet"
      className="fixed inset-0 z-50 flex items-center justify-center overflow-hidden bg-gradient-to-b from-brand-950 via-brand-900 to-brand-700"
    >
      <div aria-hidden="true" className="absolute inset-0">
        {RAIN.map((drop, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative list that never reorders
            key={i}
            className="absolute top-0 w-0.5 will-change-transform animate-raindrop rounded-full bg-gradient-to-b from-transparent to-sky-200 motion-reduce:top-(--rest) motion-reduce:animate-none"
            style={{
              left: `${drop.left}%`,
              ["--rest" as string]: `${drop.top}%`,
              height: `${drop.height}px`,
              opacity: drop.opacity,
              animationDelay: `${drop.delay}s`,
              animationDuration: `${drop.duration}s`,
            }}
          />
        ))}
      </div>
      <div className="relative flex flex-col items-center gap-4 text-center text-white motion-safe:animate-splash-pop">
        <LogoMark className="h-16 w-16 bg-white/15 ring-1 ring-white/30 [&_svg]:h-9 [&_svg]:w-9" />
        <p className="text-3xl font-bold tracking-tight">XRP Faucet</p>
        <p className="text-sm text-sky-100">Free XRP drops, fresh every day</p>
      </div>
    </div>
  );
}
