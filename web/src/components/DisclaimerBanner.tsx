import { Info } from "lucide-react";
import { useSiteName } from "../features/site";
import { T, t } from "../i18n";

// Required on every page: the site is independent of the XRP issuer.
export function DisclaimerBanner() {
  const name = useSiteName();
  return (
    <div
      role="note"
      aria-label={t("common.disclaimer.label")}
      className="border-b border-amber-200 bg-amber-50 text-amber-900"
    >
      <p className="mx-auto flex max-w-7xl items-start gap-2 px-4 py-2 text-xs sm:items-center sm:px-6 sm:text-sm">
        <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 sm:mt-0" />
        <span>
          <T id="common.disclaimer.text" values={{ name }} components={{ 0: <strong className="font-semibold" /> }} />
        </span>
      </p>
    </div>
  );
}
