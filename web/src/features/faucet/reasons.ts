import { WITHDRAWN_BY_VISITOR } from "../../../../src/shared/words";
import { t } from "../../i18n";

// A rejection reason the product wrote (not the team): in the page's language; null for the team's.
export const productReason = (reason: string | null): string | null =>
  reason === WITHDRAWN_BY_VISITOR ? t("common.status.withdrawnByVisitor") : null;
