import type { ModelInfo } from "../../shared/schemas/chat.ts";
import type { Config } from "../config.ts";
import type { Logger } from "../logger.ts";

/** The models this server can use, from configuration. (Filled in by the AI chat work.) */
export interface ModelRegistry {
  list(): ModelInfo[];
  /** The configured DEFAULT_MODEL when it is available, else the first model, else null. */
  readonly defaultModelId: string | null;
}

export async function createModelRegistry(_config: Config, _log: Logger): Promise<ModelRegistry> {
  return { list: () => [], defaultModelId: null };
}
