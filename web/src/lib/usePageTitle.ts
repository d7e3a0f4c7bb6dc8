import { useEffect } from "react";
import { useSiteName } from "../features/site";

// Sets the browser tab title, so each screen is announced by name, after it the site's name.
export function usePageTitle(title: string) {
  const site = useSiteName();
  useEffect(() => {
    document.title = `${title} | ${site}`;
  }, [title, site]);
}
