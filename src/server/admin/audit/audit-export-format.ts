import type { AuditEntry } from "#shared/schemas/audit.ts";

/**
 * The audit export's two formats (decision 024). CSV opens in a spreadsheet,
 * where a cell starting with = + - @ (or a tab or carriage return) would be
 * run as a formula: such a cell gets a leading apostrophe, and every cell is
 * quoted, so no value can break out of its column or row. JSON lines keep
 * every value exactly, one object per line.
 */

export const AUDIT_CSV_COLUMNS = [
  "time",
  "action",
  "actor_name",
  "actor_email",
  "actor_user_id",
  "organization_name",
  "organization_id",
  "target_type",
  "target_id",
  "subject_user_id",
  "ip",
  "user_agent",
  "metadata",
  "id",
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: quoted, inner quotes doubled, formulas defused. */
export function csvCell(value: string | null): string {
  if (value === null || value === "") return '""';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function csvHeader(): string {
  return `${AUDIT_CSV_COLUMNS.join(",")}\r\n`;
}

export function csvRow(entry: AuditEntry): string {
  const cells = [
    new Date(entry._creationTime).toISOString(),
    entry.action,
    entry.actorName,
    entry.actorEmail,
    entry.actorUserId,
    entry.organizationName,
    entry.organizationId,
    entry.targetType,
    entry.targetId,
    entry.subjectUserId,
    entry.ip,
    entry.userAgent,
    JSON.stringify(entry.metadata),
    entry._id,
  ];
  return `${cells.map(csvCell).join(",")}\r\n`;
}

export function jsonLine(entry: AuditEntry): string {
  const { _id, _creationTime, ...rest } = entry;
  return `${JSON.stringify({ id: _id, time: new Date(_creationTime).toISOString(), ...rest })}\n`;
}
