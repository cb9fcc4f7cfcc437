import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { z } from "zod";
import {
  type AdminChatLocation,
  AdminChatPage,
} from "../../../features/admin-looks/components/admin-chat-page.tsx";

const text = z.string().min(1).max(200).optional().catch(undefined);
const searchSchema = z.object({ org: text, q: text, thread: text });

/** /admin/chat (SPEC 2): any member's threads, read-only; opening one is audited (decision 024). */
export const Route = createFileRoute("/_authed/admin/chat")({
  validateSearch: searchSchema,
  component: AdminChatRoute,
});

function AdminChatRoute() {
  const location = Route.useSearch();
  const navigate = Route.useNavigate();
  const onNavigate = useCallback(
    (search: AdminChatLocation) => void navigate({ search, replace: true, resetScroll: false }),
    [navigate],
  );
  return <AdminChatPage location={location} onNavigate={onNavigate} />;
}
