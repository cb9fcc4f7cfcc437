import type { ServerFunction } from "../api/registry.ts";
import { messageFunctions } from "./messages-read.ts";
import { modelFunctions } from "./models-functions.ts";
import { threadAttachmentFunctions } from "./thread-attachments.ts";
import { threadFunctions } from "./threads.ts";

/**
 * Threads, messages and models: the read side of the chat and thread
 * management. Writing messages is POST /api/chat (chat-routes.ts).
 */
export const chatFunctions: ServerFunction[] = [
  ...threadFunctions,
  ...threadAttachmentFunctions,
  ...messageFunctions,
  ...modelFunctions,
];
