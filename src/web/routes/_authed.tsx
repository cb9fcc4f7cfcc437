import { createFileRoute, redirect } from "@tanstack/react-router";
import { NotificationBell } from "../features/notifications/components/notification-bell.tsx";
import { AppShell } from "../features/shell/components/app-shell.tsx";

/** The signed-in area: no user id means a trip to /login and back afterwards. */
export const Route = createFileRoute("/_authed")({
  beforeLoad: ({ context, location }) => {
    if (!context.auth.getState().userId) {
      throw redirect({ to: "/login", search: { redirect: location.href } });
    }
  },
  component: SignedInFrame,
});

/** The shell, with the bell of the notifications feature in its sidebar. */
function SignedInFrame() {
  return <AppShell sidebarExtras={(open) => <NotificationBell open={open} />} />;
}
