// A wait until the next claim, ticking: the faucet page's status and the home page's returning visitor.
import { useEffect, useState } from "react";

// "23:59:12" for a wait in seconds.
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

// Seconds left of a wait the server gave at `since` (ms), ticking every second.
export function useCountdown(seconds: number | null | undefined, since: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!seconds) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  if (seconds === null || seconds === undefined) return null;
  return Math.max(0, seconds - Math.floor(Math.max(0, now - since) / 1000));
}
