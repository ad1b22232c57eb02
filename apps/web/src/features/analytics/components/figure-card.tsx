import { Download } from "lucide-react";
import { type ReactNode, useState } from "react";
import {
  Button,
  Card,
  CardHeader,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from "@/components/ui";
import { cn } from "@/lib/cn";
import { type CsvColumn, saveCsv, toCsv } from "../csv";

export interface FigureCardProps<Row> {
  title: string;
  description?: ReactNode;
  /** The chart; the card opens on it. Without one, the table is the figure. */
  chart?: ReactNode;
  table: ReactNode;
  /** The figures as CSV: one line per row of the table view. */
  csv: { fileName: string; columns: readonly CsvColumn<Row>[]; rows: readonly Row[] };
  className?: string;
}

/**
 * A figure of the analytics page: a chart with its table view one click away, and a CSV download
 * of the same figures.
 */
export function FigureCard<Row>({
  title,
  description,
  chart,
  table,
  csv,
  className,
}: FigureCardProps<Row>) {
  const [view, setView] = useState(chart ? "chart" : "table");
  const download = (
    <Button
      variant="secondary"
      size="sm"
      disabled={csv.rows.length === 0}
      onClick={() => saveCsv(csv.fileName, toCsv(csv.columns, csv.rows))}
      leftIcon={<Download aria-hidden="true" className="size-4" />}
    >
      CSV<span className="sr-only"> of {title}</span>
    </Button>
  );
  return (
    <Card className={cn("min-w-0", className)}>
      <CardHeader title={title} description={description} headingLevel={2} action={download} />
      {chart ? (
        <Tabs value={view} onValueChange={setView}>
          <TabsList variant="pill" aria-label={`${title} view`} className="self-start">
            <TabsTrigger value="chart">Chart</TabsTrigger>
            <TabsTrigger value="table">Table</TabsTrigger>
          </TabsList>
          <TabsContent value="chart">{chart}</TabsContent>
          <TabsContent value="table">{table}</TabsContent>
        </Tabs>
      ) : (
        table
      )}
    </Card>
  );
}
