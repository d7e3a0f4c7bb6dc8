import { t } from "../i18n";

export function SoonBadge() {
  return (
    <span className="ml-1.5 rounded-full bg-amber-100 px-1.5 py-0.5 text-[0.65rem] font-bold uppercase tracking-wide text-amber-800">
      {t("common.soon")}
    </span>
  );
}
