import { useEffect } from "react";

// Sets the browser tab title, so each screen is announced by name.
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | XRP Faucet`;
  }, [title]);
}
