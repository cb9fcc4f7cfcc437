import { readFile } from "node:fs/promises";
import { z } from "zod";
import { ConfigError } from "../config.ts";
import { type ModelEntry, modelIdOf, PROVIDERS } from "./model-catalog.ts";

/**
 * MODELS_FILE: a JSON array of `{provider, model, label, reasoning?}` that
 * replaces the built-in model lists. A file that cannot be read or does not
 * match stops start-up with a message naming the file and the entry.
 */
const modelsFileSchema = z
  .array(
    z.strictObject({
      provider: z.enum(PROVIDERS, { message: `must be one of ${PROVIDERS.join(", ")}` }),
      model: z.string().trim().min(1, "must not be empty").max(200, "is too long"),
      label: z.string().trim().min(1, "must not be empty").max(100, "is too long"),
      reasoning: z.boolean({ message: "must be true or false" }).default(false),
    }),
    { message: "must be a JSON array of {provider, model, label, reasoning?}" },
  )
  .max(500, "lists more than 500 models");

export async function readModelsFile(file: string): Promise<ModelEntry[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError(`MODELS_FILE ${file} cannot be read (${reason}).`);
  }
  return parseModelsFile(file, text);
}

export function parseModelsFile(file: string, text: string): ModelEntry[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`MODELS_FILE ${file} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = modelsFileSchema.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const [index, ...field] = issue.path;
      const where =
        typeof index === "number"
          ? `entry ${index + 1}${field.length ? ` (${field.join(".")})` : ""}`
          : "the file";
      return `  ${where} ${issue.message}`;
    });
    throw new ConfigError(`MODELS_FILE ${file} is invalid:\n${lines.join("\n")}`);
  }
  const seen = new Set<string>();
  for (const entry of parsed.data) {
    const id = modelIdOf(entry);
    if (seen.has(id)) throw new ConfigError(`MODELS_FILE ${file} lists ${id} twice.`);
    seen.add(id);
  }
  return parsed.data;
}
