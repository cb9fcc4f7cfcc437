import type { Services } from "../../api/context.ts";
import type { Identity } from "../../auth/identity.ts";
import type { ChatTimeline } from "../chat-timeline.ts";
import type { PreparedTurn } from "../prepare-turn.ts";
import type { ActiveStream } from "./active-stream.ts";
import type { ActiveStreams } from "./active-streams.ts";

/** What one answer's run (run-turn.ts) and its generation (generate-answer.ts) work with. */
export interface TurnOptions {
  services: Services;
  streams: ActiveStreams;
  caller: Identity & { organizationId: string };
  prepared: PreparedTurn;
  stream: ActiveStream;
  /** Settles true once the turn is committed; false if it was refused (nothing is saved then). */
  committed: Promise<boolean>;
  /**
   * A turn started from a guess (decision 032, sixth round): its model requests wait for this,
   * and go only if it settles true (false: the turn was cancelled, nothing leaves).
   */
  modelGate?: Promise<boolean>;
  /** Called as the model request is about to leave. */
  onModelCall?: () => void;
  /** Called once the model's first output is out (or generation ended without any). */
  onModelOutput?: () => void;
  /** Called once the answer is saved complete, with its parts as stored. */
  onSaved?: (parts: Array<{ type: string } & Record<string, unknown>>) => void;
  /** Where the request's time goes (bench/chat-latency.ts --timeline); usually absent. */
  timeline?: ChatTimeline;
}
