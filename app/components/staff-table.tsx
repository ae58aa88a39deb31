import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { useId, type ReactNode } from "react";

/**
 * The staff area's data table: a labelled region that takes focus, so keyboard users can scroll a
 * table wider than the screen (axe: scrollable-region-focusable), a caption that names it, and
 * column headers. The rows are the children (`<tr>` with a `<th scope="row">`).
 */
export function StaffTable({
  caption,
  columns,
  children,
  hideCaption = false,
  testId,
}: {
  caption: ReactNode;
  columns: readonly ReactNode[];
  children: ReactNode;
  /** The caption is still read by screen readers, only not shown (the heading above says it). */
  hideCaption?: boolean;
  testId?: string;
}) {
  const captionId = useId();
  return (
    <div className="table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="staff-table" data-testid={testId}>
        <caption id={captionId} className={hideCaption ? "visually-hidden" : undefined}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th scope="col" key={index}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * The top of an ordered staff list (banners, a gallery's images): the «add» button, the messages of
 * a refused action (its pipeline reply: a reorder that no longer fits), and the count, announced as a status.
 */
export function OrderedListLead({
  addHref,
  addLabel,
  refused,
  countText,
}: {
  addHref: string;
  addLabel: string;
  refused?: { result: SubmissionResult<string[]> };
  countText: string;
}) {
  const message = refused
    ? Object.values(refused.result.error ?? {})
        .flat()
        .join(" ")
    : "";
  return (
    <>
      <p>
        <Link to={addHref} className="button">
          {addLabel}
        </Link>
      </p>
      {message ? (
        <p role="alert" className="field__error">
          {message}
        </p>
      ) : null}
      <p role="status">{countText}</p>
    </>
  );
}
