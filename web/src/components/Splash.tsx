import { useSiteName } from "../features/site";
import { LogoMark } from "./Logo";
import { t } from "../i18n";

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
  return Array.from({ length: count }, () => ({
    left: next() * 100,
    top: next() * 50,
    height: 14 + next() * 24,
    opacity: 0.3 + next() * 0.45,
  }));
}

// The drops of one sheet drawn once, as an SVG image (x and y in percent of the tile, heights in px):
// two elements on the page instead of a hundred to build, style and paint.
function rainImage(drops: Drop[]): string {
  const rects = drops
    .map(
      (d) =>
        `<rect x="${d.left.toFixed(2)}%" y="${(d.top * 2).toFixed(2)}%" width="2" height="${d.height.toFixed(1)}" rx="1" opacity="${d.opacity.toFixed(2)}" fill="url(#d)"/>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="100%"><defs><linearGradient id="d" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="oklch(62.3% 0.214 259.815)" stop-opacity="0"/><stop offset="1" stop-color="oklch(62.3% 0.214 259.815)"/></linearGradient></defs>${rects}</svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

// One sheet of rain, twice as tall as the screen, its drops drawn twice (top half, bottom half: the
// image repeated): it slides down by half its height and starts over, seamlessly. One layer moved on
// the compositor; it stands still when the visitor prefers less motion.
function RainSheet({ image, className }: { image: string; className: string }) {
  return (
    <div
      className={`absolute inset-x-0 -top-full h-[200%] bg-size-[100%_50%] bg-repeat-y will-change-transform motion-reduce:animate-none ${className}`}
      style={{ backgroundImage: image }}
    />
  );
}

const NEAR = rainImage(makeRain(22, 7));
const FAR = rainImage(makeRain(26, 31));

// The rain-themed intro of a session's first visit (splashWanted): a shower over the page with the
// name in the middle, for SPLASH_MS, fading out at the end. It is an overlay that takes no clicks:
// the page beneath paints at once and is usable at once, so the visitor is never kept waiting by it.
export function Splash({ leaving }: { leaving: boolean }) {
  const name = useSiteName();
  return (
    <div
      role="status"
      aria-label={t("common.splash.loading", { name })}
      className={`pointer-events-none fixed inset-0 z-50 flex items-center justify-center overflow-hidden transition-opacity duration-400 ease-out ${leaving ? "opacity-0" : "opacity-100"}`}
    >
      <div aria-hidden="true" className="absolute inset-0">
        <RainSheet image={FAR} className="animate-rain-far" />
        <RainSheet image={NEAR} className="animate-rain-near" />
      </div>
      <div className="relative flex flex-col items-center gap-3 rounded-2xl bg-brand-900 px-8 py-6 text-center text-white shadow-2xl motion-safe:animate-splash-pop">
        <LogoMark className="h-14 w-14 bg-white/15 ring-1 ring-white/30 [&_svg]:h-8 [&_svg]:w-8" />
        <p className="text-2xl font-bold tracking-tight">{name}</p>
        <p className="text-sm text-sky-100">{t("common.splash.tagline")}</p>
      </div>
    </div>
  );
}
