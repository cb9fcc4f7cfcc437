import { MODULE_MAX_DOCUMENTS, type ModuleInput } from "../schemas/module.ts";

/**
 * The one rule for a run's input values (decision 018), used by the run form
 * on the web and by modules.run on the server: required inputs, choices among
 * the options, numbers, dates (YYYY-MM-DD) and documents (lists of ids).
 */

export type InputValue = string | number | string[] | null;

export interface InputIssue {
  /** The input's key. */
  key: string;
  message: string;
}

export interface CheckedInputs {
  /** Every input of the module, by key: blank optional ones are null. */
  values: Record<string, InputValue>;
  /** The documents of every documents input, each once, in order. */
  documentIds: string[];
  issues: InputIssue[];
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function isValidDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function checkOne(input: ModuleInput, raw: unknown): { value: InputValue; message?: string } {
  const blank =
    raw === undefined ||
    raw === null ||
    (typeof raw === "string" && raw.trim() === "") ||
    (Array.isArray(raw) && raw.length === 0);
  if (blank) {
    return input.required
      ? {
          value: null,
          message:
            input.type === "documents"
              ? `Choose at least one document for ${input.label}`
              : `${input.label} is required`,
        }
      : { value: null };
  }
  switch (input.type) {
    case "text":
    case "longText": {
      if (typeof raw !== "string") return { value: null, message: `${input.label} must be text` };
      const text = input.type === "text" ? raw.trim() : raw;
      if (input.type === "text" && /[\r\n]/.test(text)) {
        return { value: null, message: `${input.label} must be a single line` };
      }
      return { value: text };
    }
    case "choice": {
      if (typeof raw !== "string" || !(input.options ?? []).includes(raw)) {
        return { value: null, message: `Choose one of the options for ${input.label}` };
      }
      return { value: raw };
    }
    case "number": {
      const value = typeof raw === "string" ? Number(raw.trim()) : raw;
      if (typeof value !== "number" || !Number.isFinite(value)) {
        return { value: null, message: `${input.label} must be a number` };
      }
      return { value };
    }
    case "date": {
      if (typeof raw !== "string" || !isValidDate(raw.trim())) {
        return { value: null, message: `${input.label} must be a date (YYYY-MM-DD)` };
      }
      return { value: raw.trim() };
    }
    case "documents": {
      if (!Array.isArray(raw) || raw.some((id) => typeof id !== "string")) {
        return { value: null, message: `${input.label} must be a list of documents` };
      }
      const ids = [...new Set(raw as string[])];
      const most = input.maxDocuments ?? MODULE_MAX_DOCUMENTS;
      if (ids.length > most) {
        return {
          value: null,
          message: `Choose at most ${most} document${most === 1 ? "" : "s"} for ${input.label}`,
        };
      }
      return { value: ids };
    }
  }
}

/** Check `raw` against a module's inputs; values of keys the module does not ask for are refused. */
export function checkModuleInputs(
  inputs: readonly ModuleInput[],
  raw: Record<string, unknown>,
): CheckedInputs {
  const values: Record<string, InputValue> = {};
  const issues: InputIssue[] = [];
  const documentIds: string[] = [];
  const known = new Set(inputs.map((input) => input.key));
  for (const key of Object.keys(raw)) {
    if (!known.has(key)) issues.push({ key, message: `This module has no input named ${key}` });
  }
  for (const input of inputs) {
    const { value, message } = checkOne(input, raw[input.key]);
    values[input.key] = value;
    if (message) issues.push({ key: input.key, message });
    if (input.type === "documents" && Array.isArray(value)) {
      for (const id of value) if (!documentIds.includes(id)) documentIds.push(id);
    }
  }
  if (documentIds.length > MODULE_MAX_DOCUMENTS) {
    issues.push({
      key: inputs.find((input) => input.type === "documents")?.key ?? "",
      message: `A run can take at most ${MODULE_MAX_DOCUMENTS} documents`,
    });
  }
  return { values, documentIds, issues };
}
