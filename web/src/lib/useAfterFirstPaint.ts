import { startTransition, useEffect, useState } from "react";

// False on the first render, true once the browser has painted it (then set in a transition, which
// React builds in slices): what is below the first screen is built after the first screen shows,
// not in the same long task.
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
