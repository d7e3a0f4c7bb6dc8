// The CSV exports: plain links (no step-up: nothing moves money).
import { Download } from "lucide-react";
import { Panel } from "../../../components/admin/ui";
import { buttonClass } from "../../../components/ui/button";

export function Exports() {
  return (
    <Panel title="Exports">
      <div className="flex flex-wrap gap-3">
        {[
          ["payments", "Payment history"],
          ["newsletter", "Newsletter signups"],
          ["earning-alerts", "Earning alerts signups"],
        ].map(([name, label]) => (
          <a
            key={name}
            href={`/api/admin/export/${name}.csv`}
            download
            className={buttonClass({ variant: "outline", size: "sm" })}
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            {label} (CSV)
          </a>
        ))}
      </div>
    </Panel>
  );
}
